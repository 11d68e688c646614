DROP INDEX "coupon_redemptions_phone_key";--> statement-breakpoint
DROP INDEX "coupon_redemptions_client_key";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_line_quantity" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_order_quantity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_open_orders_per_phone" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_phone_idx" ON "coupon_redemptions" USING btree ("coupon_id","phone") WHERE "coupon_redemptions"."released_at" is null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_client_idx" ON "coupon_redemptions" USING btree ("coupon_id","client_id") WHERE "coupon_redemptions"."released_at" is null and "coupon_redemptions"."client_id" is not null;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_order_limits_check" CHECK ("shop_settings"."max_line_quantity" between 1 and 1000 and "shop_settings"."max_order_quantity" between "shop_settings"."max_line_quantity" and 10000 and "shop_settings"."max_open_orders_per_phone" between 1 and 100);