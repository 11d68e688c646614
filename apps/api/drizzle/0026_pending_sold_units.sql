-- Units sold not yet added to products.sold_count (schema.ts, pendingSoldUnits): an order appends its products'
-- units here instead of updating the product row, whose sold count three indexes hold, so that update was
-- never HOT and wrote every index of the product (its two trigram indexes included) at each order. The
-- recurring job catalogue.sold-counts (src/modules/catalogue/sold-counts.ts) adds them up every few seconds.
CREATE TABLE "pending_sold_units" (
	"product_id" uuid NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
-- The folded texts the search matches (the name's and the description's), from a product's names and
-- descriptions: their one definition, which the trigger of migration 0025 writes and `npm run db:check`
-- compares with.
CREATE FUNCTION product_search_texts(p products, OUT name_text text, OUT description_text text) LANGUAGE sql STABLE AS $$
  SELECT shop_fold(p.name_ar || ' ' || p.name_fr), shop_fold(p.description_ar || ' ' || p.description_fr)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.name_text, t.description_text INTO NEW.search_text, NEW.description_search_text FROM product_search_texts(NEW) t;
  RETURN NEW;
END $$;
