ALTER TABLE "orders" ADD COLUMN "callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unanswered_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unreachable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_request" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_request_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unanswered_calls_check" CHECK ("orders"."unanswered_calls" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignment_check" CHECK ("orders"."assigned_until" is null or "orders"."assigned_staff_id" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_request_length" CHECK ("orders"."customer_request" is null or char_length("orders"."customer_request") <= 500);--> statement-breakpoint
CREATE INDEX "orders_call_queue_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_assigned_staff_idx" ON "orders" USING btree ("assigned_staff_id") WHERE "orders"."assigned_staff_id" is not null;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "unreachable_after_calls" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "call_lease_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "confirm_link_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_call_queue_check" CHECK ("shop_settings"."unreachable_after_calls" between 1 and 20 and "shop_settings"."call_lease_minutes" between 1 and 60);
