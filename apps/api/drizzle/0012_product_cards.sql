CREATE TABLE "category_product_counts" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"active_products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_image_path" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card_image_widths" integer[];--> statement-breakpoint
ALTER TABLE "category_product_counts" ADD CONSTRAINT "category_product_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Room on each page for the new row version an order writes (card_stock): the update stays on the page
-- (a HOT update, no index touched, the trigram indexes included) instead of a new entry in every index.
ALTER TABLE "products" SET (fillfactor = 80);
--> statement-breakpoint
-- What a product card shows, computed from the variants and photos: the one definition the triggers below
-- write and `npm run db:check` compares with (sizes and colours distinct and sorted, the first photo by position).
CREATE VIEW "product_card_source" AS
SELECT p.id,
       coalesce(v.stock, 0)::int AS stock,
       coalesce(v.sizes, '{}'::text[]) AS sizes,
       coalesce(v.colors, '{}'::text[]) AS colors,
       i.path AS image_path,
       i.widths AS image_widths
FROM products p
LEFT JOIN LATERAL (
  SELECT sum(x.stock) AS stock, array_agg(DISTINCT x.size ORDER BY x.size) AS sizes, array_agg(DISTINCT x.color ORDER BY x.color) AS colors
  FROM variants x WHERE x.product_id = p.id
) v ON true
LEFT JOIN LATERAL (
  SELECT y.path, y.widths FROM product_images y WHERE y.product_id = p.id ORDER BY y.position, y.created_at, y.id LIMIT 1
) i ON true;
--> statement-breakpoint
-- Recomputes the cards of these products. Their rows are locked first, in id order (a writer of variants
-- holds the variants, then takes the products: the same order as an order), so the next statement's snapshot
-- sees every change committed by whoever held them before; a stock change still in flight in another
-- transaction is added by that transaction's own trigger (variants_card_after_update) after this one commits.
CREATE FUNCTION product_cards_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION variants_card_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(SELECT DISTINCT product_id FROM new_variants));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION variants_card_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(SELECT DISTINCT product_id FROM old_variants));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order, a cancellation or a stock edit only moves stock: each product's card gets the sum of its
-- variants' changes added (one UPDATE of products per statement, which re-reads the locked row, so
-- concurrent orders of the same product add up). A size, colour or product change recomputes the cards.
CREATE FUNCTION variants_card_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
  several boolean;
BEGIN
  SELECT bool_or(n.product_id <> o.product_id OR n.size <> o.size OR n.color <> o.color), count(DISTINCT n.product_id) > 1
  INTO moved, several
  FROM new_variants n JOIN old_variants o ON o.id = n.id;
  IF moved THEN
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
CREATE TRIGGER variants_card_insert AFTER INSERT ON variants REFERENCING NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION variants_card_after_insert();
--> statement-breakpoint
CREATE TRIGGER variants_card_delete AFTER DELETE ON variants REFERENCING OLD TABLE AS old_variants
  FOR EACH STATEMENT EXECUTE FUNCTION variants_card_after_delete();
--> statement-breakpoint
CREATE TRIGGER variants_card_update AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION variants_card_after_update();
--> statement-breakpoint
CREATE FUNCTION product_images_card_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(SELECT DISTINCT product_id FROM new_images));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_images_card_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(SELECT DISTINCT product_id FROM old_images));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_images_card_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a photo's colour is not on the card: only a move, a new file or another product refreshes it
  PERFORM product_cards_refresh(ARRAY(
    SELECT n.product_id FROM new_images n JOIN old_images o ON o.id = n.id
    WHERE (n.product_id, n.position, n.path, n.widths, n.created_at) IS DISTINCT FROM (o.product_id, o.position, o.path, o.widths, o.created_at)
    UNION
    SELECT o.product_id FROM new_images n JOIN old_images o ON o.id = n.id WHERE n.product_id <> o.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_images_card_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_card_after_insert();
--> statement-breakpoint
CREATE TRIGGER product_images_card_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_card_after_delete();
--> statement-breakpoint
CREATE TRIGGER product_images_card_update AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_images NEW TABLE AS new_images
  FOR EACH STATEMENT EXECUTE FUNCTION product_images_card_after_update();
--> statement-breakpoint
-- Active products per category: added to (or taken from) in category-id order, one upsert per statement.
CREATE FUNCTION category_product_counts_add(cats uuid[], ns int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO category_product_counts AS c (category_id, active_products)
  SELECT d.category_id, sum(d.n)::int FROM unnest(cats, ns) AS d(category_id, n) GROUP BY d.category_id ORDER BY d.category_id
  ON CONFLICT (category_id) DO UPDATE SET active_products = c.active_products + excluded.active_products
$$;
--> statement-breakpoint
CREATE FUNCTION products_count_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM category_product_counts_add(array_agg(category_id), array_agg(1)) FROM new_products WHERE is_active HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_count_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM category_product_counts_add(array_agg(category_id), array_agg(-1)) FROM old_products WHERE is_active HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_count_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM category_product_counts_add(
    ARRAY[OLD.category_id, NEW.category_id],
    ARRAY[CASE WHEN OLD.is_active THEN -1 ELSE 0 END, CASE WHEN NEW.is_active THEN 1 ELSE 0 END]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_after_delete();
--> statement-breakpoint
-- row by row, and only when the product is switched on or off or moved (an order's sold_count or card update never fires it)
CREATE TRIGGER products_count_update AFTER UPDATE OF is_active, category_id ON products
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION products_count_after_update();
--> statement-breakpoint
UPDATE products p
SET card_stock = s.stock, card_sizes = s.sizes, card_colors = s.colors, card_image_path = s.image_path, card_image_widths = s.image_widths
FROM product_card_source s WHERE s.id = p.id;
--> statement-breakpoint
INSERT INTO category_product_counts (category_id, active_products)
SELECT category_id, count(*)::int FROM products WHERE is_active GROUP BY category_id;
