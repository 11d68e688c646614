ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'storefront' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('storefront', 'phone', 'whatsapp', 'instagram', 'facebook', 'in_person'));
