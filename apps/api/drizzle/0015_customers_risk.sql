CREATE TABLE "phone_blacklist" (
	"phone" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_blacklist_phone_format" CHECK ("phone_blacklist"."phone" ~ '^0[567][0-9]{8}$'),
	CONSTRAINT "phone_blacklist_reason_length" CHECK (char_length("phone_blacklist"."reason") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "phone_blacklist" ADD CONSTRAINT "phone_blacklist_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_blacklist_created_idx" ON "phone_blacklist" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_high_amount" integer DEFAULT 15000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_recent_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_trusted_may_skip_call" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_high_must_call" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_very_high_action" text DEFAULT 'hold' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_risk_check" CHECK ("shop_settings"."risk_high_amount" >= 0 and "shop_settings"."risk_recent_orders" between 2 and 50 and "shop_settings"."risk_very_high_action" in ('refuse', 'hold'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('price', 'delivery_fee', 'coupon', 'deletion', 'order_status', 'payment', 'staff', 'blacklist'));
