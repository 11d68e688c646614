CREATE TABLE "order_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"size" text,
	"color" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"wilaya_code" smallint,
	"commune_id" integer,
	"locale" text DEFAULT 'ar' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_drafts_quantity_check" CHECK ("order_drafts"."quantity" between 1 and 1000),
	CONSTRAINT "order_drafts_phone_format" CHECK ("order_drafts"."phone" ~ '^0[567][0-9]{8}$'),
	CONSTRAINT "order_drafts_locale_check" CHECK ("order_drafts"."locale" in ('ar', 'fr', 'en'))
);
--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_wilaya_code_wilayas_code_fk" FOREIGN KEY ("wilaya_code") REFERENCES "public"."wilayas"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_commune_id_communes_id_fk" FOREIGN KEY ("commune_id") REFERENCES "public"."communes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_drafts_phone_product_key" ON "order_drafts" USING btree ("phone","product_id");--> statement-breakpoint
CREATE INDEX "order_drafts_updated_idx" ON "order_drafts" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "draft_expiry_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_draft_expiry_check" CHECK ("shop_settings"."draft_expiry_hours" between 1 and 720);
