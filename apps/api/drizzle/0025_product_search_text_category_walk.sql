ALTER TABLE "products" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "description_search_text" DROP EXPRESSION;--> statement-breakpoint
-- The folded name and description were generated columns, folded again on every update of the row: an
-- order updates its product twice (sold count, card stock), so every order folded both texts twice
-- for nothing. Kept by a trigger instead, folded when a name or description is written (a direct write
-- of the folded texts is replaced by what the names and descriptions say).
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := shop_fold(NEW.name_ar || ' ' || NEW.name_fr);
  NEW.description_search_text := shop_fold(NEW.description_ar || ' ' || NEW.description_fr);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name_ar, name_fr, description_ar, description_fr, search_text, description_search_text
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_text();
--> statement-breakpoint
-- A category page walks each of its categories newest first (products_category_created_idx), merged; the id
-- makes the index's order the page's whole order (no sort step), for the related products too.
DROP INDEX "products_category_created_idx";--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id");
