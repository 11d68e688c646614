-- The dashboard's low-stock list gets a table of its own, kept by the variants' triggers, in place of
-- variants_low_stock_idx (an index on variants.stock). PostgreSQL writes an update as HOT (a new row version on
-- the same page, no index entry) only when no indexed column changes: with the stock indexed, every order's
-- stock update wrote a new entry into each of the variants' four indexes, and a flash sale's hot variant left
-- its pile of them there. Now an order's stock update touches no index; the list's table is written only when
-- a variant's stock is at or below the line, or crosses it.
CREATE TABLE "variant_low_stock" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"stock" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "variants_low_stock_idx";--> statement-breakpoint
-- A guest order (no account) and an order not yet handed to a courier write no entry in these two any more:
-- every query of them looks for one client or one courier's parcel (`= value`, which implies `is not null`).
DROP INDEX "orders_client_created_idx";--> statement-breakpoint
DROP INDEX "orders_delivery_tracking_idx";--> statement-breakpoint
ALTER TABLE "variant_low_stock" ADD CONSTRAINT "variant_low_stock_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_low_stock_stock_idx" ON "variant_low_stock" USING btree ("stock");--> statement-breakpoint
CREATE INDEX "orders_client_created_idx" ON "orders" USING btree ("client_id","created_at" DESC NULLS LAST) WHERE "orders"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_delivery_tracking_idx" ON "orders" USING btree ("delivery_tracking_id") WHERE "orders"."delivery_tracking_id" is not null;--> statement-breakpoint
-- The low-stock line: a variant with this many units or fewer is listed (dashboard.repo.ts LOW_STOCK, and the
-- storefront's "only N left" badge, say the same number).
CREATE FUNCTION low_stock_line() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 5';
--> statement-breakpoint
-- The list's rows of the given variants made to match them: listed with their stock when at or below the line,
-- else not listed.
CREATE FUNCTION variant_low_stock_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM variant_low_stock l USING variants v
  WHERE l.variant_id = ANY(ids) AND v.id = l.variant_id AND v.stock > low_stock_line();
  INSERT INTO variant_low_stock AS l (variant_id, stock)
  SELECT v.id, v.stock FROM variants v WHERE v.id = ANY(ids) AND v.stock <= low_stock_line() ORDER BY v.id
  ON CONFLICT (variant_id) DO UPDATE SET stock = excluded.stock WHERE l.stock <> excluded.stock;
END $$;
--> statement-breakpoint
INSERT INTO "variant_low_stock" ("variant_id", "stock") SELECT "id", "stock" FROM "variants" WHERE "stock" <= low_stock_line();
--> statement-breakpoint
-- As in migration 0012, and new variants at or below the line listed.
CREATE OR REPLACE FUNCTION variants_card_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_cards_refresh(ARRAY(SELECT DISTINCT product_id FROM new_variants));
  PERFORM variant_low_stock_refresh(ARRAY(SELECT id FROM new_variants WHERE stock <= low_stock_line()));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in migration 0024, and the low-stock list follows the variants whose old or new stock is at or below the
-- line (an order of a well-stocked variant does not write it).
CREATE OR REPLACE FUNCTION variants_card_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reshaped boolean;
  several boolean;
  low boolean;
BEGIN
  SELECT bool_or(n.product_id <> o.product_id OR n.size <> o.size OR n.color <> o.color OR n.color_hex IS DISTINCT FROM o.color_hex),
         count(DISTINCT n.product_id) > 1,
         bool_or(n.stock <= low_stock_line() OR o.stock <= low_stock_line())
  INTO reshaped, several, low
  FROM new_variants n JOIN old_variants o ON o.id = n.id;
  IF low THEN
    PERFORM variant_low_stock_refresh(ARRAY(SELECT n.id FROM new_variants n JOIN old_variants o ON o.id = n.id
                                            WHERE n.stock <= low_stock_line() OR o.stock <= low_stock_line()));
  END IF;
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
