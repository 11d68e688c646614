CREATE TABLE "product_pages" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"page_json" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_pages" ADD CONSTRAINT "product_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What the product page shows of a product's variants and photos, as the one JSON text the page reads:
-- [variants by id (id, size, colour, colour code), photos in their order (path, widths, colour)]. Not the
-- stock: every order changes it, and the page reads it from the variants (one small aggregate), so an order
-- never rewrites this text. The one definition product_pages.page_json is written from and `npm run db:check`
-- compares with.
CREATE FUNCTION product_page_json(product uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(
    (SELECT coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'colorHex', v.color_hex) ORDER BY v.id), '[]'::json)
       FROM variants v WHERE v.product_id = product),
    (SELECT coalesce(json_agg(json_build_object('path', i.path, 'widths', i.widths, 'color', i.color) ORDER BY i.position, i.created_at, i.id), '[]'::json)
       FROM product_images i WHERE i.product_id = product))::text
$$;
--> statement-breakpoint
-- The card as one JSON array text, in the order the server reads it (CardTuple in
-- src/modules/catalogue/catalogue.repo.ts; the creation time as milliseconds since 1970): computed here on
-- each write of a field it holds (staff edits, and the card columns the triggers below write for orders,
-- cancellations, stock edits and photos), in the same transaction, so the list, search, category and product
-- pages read stored text instead of building it for every row of every page.
-- product_card_json() is its one definition, which `npm run db:check` compares with too.
CREATE FUNCTION product_card_json(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(p.id, p.slug, p.name_ar, p.name_fr, p.price, p.compare_at_price, p.category_id,
    trunc(extract(epoch from p.created_at) * 1000), p.card_stock, p.card_sizes, p.card_colors, p.card_image_path, p.card_image_widths)::text
$$;
--> statement-breakpoint
CREATE FUNCTION products_card_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card_json := product_card_json(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- card_json is in the list too: a write of the column itself is replaced by what the fields say
CREATE TRIGGER products_card_json BEFORE INSERT OR UPDATE OF id, slug, name_ar, name_fr, price, compare_at_price, category_id, created_at,
  card_stock, card_sizes, card_colors, card_image_path, card_image_widths, card_json ON products
  FOR EACH ROW EXECUTE FUNCTION products_card_json();
--> statement-breakpoint
-- A new product's page text (no variants or photos yet: theirs come after it, and their triggers write it again).
CREATE FUNCTION products_page_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_pages (product_id, page_json) SELECT id, product_page_json(id) FROM new_products ORDER BY id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_page_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_page_after_insert();
--> statement-breakpoint
-- As in migration 0012, and the page texts of these products written again (when they differ): the rows are
-- locked first, in id order, so the next statements' snapshots see every change committed by whoever held them.
CREATE OR REPLACE FUNCTION product_cards_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p
  SET card_stock = s.stock, card_sizes = s.sizes, card_colors = s.colors, card_image_path = s.image_path, card_image_widths = s.image_widths
  FROM product_card_source s
  WHERE s.id = ANY(ids) AND p.id = s.id
    AND (p.card_stock, p.card_sizes, p.card_colors, p.card_image_path, p.card_image_widths)
        IS DISTINCT FROM (s.stock, s.sizes, s.colors, s.image_path, s.image_widths);
  INSERT INTO product_pages AS g (product_id, page_json)
  SELECT p.id, product_page_json(p.id) FROM products p WHERE p.id = ANY(ids) ORDER BY p.id
  ON CONFLICT (product_id) DO UPDATE SET page_json = excluded.page_json WHERE g.page_json IS DISTINCT FROM excluded.page_json;
END $$;
--> statement-breakpoint
-- As in migration 0012 (an order, a cancellation or a stock edit only adds each product's stock change to its
-- card); a change of a variant's colour code, on the page text, refreshes it as a size or colour change does.
CREATE OR REPLACE FUNCTION variants_card_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reshaped boolean;
  several boolean;
BEGIN
  SELECT bool_or(n.product_id <> o.product_id OR n.size <> o.size OR n.color <> o.color OR n.color_hex IS DISTINCT FROM o.color_hex),
         count(DISTINCT n.product_id) > 1
  INTO reshaped, several
  FROM new_variants n JOIN old_variants o ON o.id = n.id;
  IF reshaped THEN
    PERFORM product_cards_refresh(ARRAY(SELECT product_id FROM new_variants UNION SELECT product_id FROM old_variants));
    RETURN NULL;
  END IF;
  -- an order of several products locks them in id order: two such orders cannot deadlock on them
  IF several THEN
    PERFORM 1 FROM products WHERE id IN (SELECT product_id FROM new_variants) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  UPDATE products p SET card_stock = p.card_stock + d.delta
  FROM (SELECT n.product_id, sum(n.stock - o.stock)::int AS delta FROM new_variants n JOIN old_variants o ON o.id = n.id
        GROUP BY n.product_id HAVING sum(n.stock - o.stock) <> 0) d
  WHERE p.id = d.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in migration 0012; a photo's colour is on the page text (not on the card), so it refreshes too.
CREATE OR REPLACE FUNCTION product_images_card_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(
    SELECT n.product_id FROM new_images n JOIN old_images o ON o.id = n.id
    WHERE (n.product_id, n.position, n.path, n.widths, n.created_at, n.color) IS DISTINCT FROM (o.product_id, o.position, o.path, o.widths, o.created_at, o.color)
    UNION
    SELECT o.product_id FROM new_images n JOIN old_images o ON o.id = n.id WHERE n.product_id <> o.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE products SET card_json = '';
--> statement-breakpoint
INSERT INTO product_pages (product_id, page_json) SELECT id, product_page_json(id) FROM products;
--> statement-breakpoint
-- The stored card makes the product row about a third longer, and an order writes it twice (its sold count, its
-- card stock): more room on each page keeps those updates on the page (HOT) as migration 0012's 80 did for the
-- shorter row (pages written from now on; what it measured: docs/performance.md, "The card stored as text").
ALTER TABLE "products" SET (fillfactor = 65);
