-- The search tiers (modules/catalogue/product-search.repo.ts): active products by units sold, walked until
-- a page of matches is found (a common word), in all or within the matched categories.
CREATE INDEX "products_active_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
-- The admin order list's default filter (every order but deleted ones), newest first, and its count read
-- from this index alone.
CREATE INDEX "orders_live_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST) WHERE "orders"."status" <> 'deleted';
