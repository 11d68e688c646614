CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"label" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('price', 'delivery_fee', 'coupon', 'deletion', 'order_status', 'payment', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "role" SET DEFAULT 'manager';--> statement-breakpoint
-- the former single "staff" role becomes "manager": the same rights they had (catalogue, coupons, banners, delivery prices, orders)
UPDATE "staff" SET "role" = 'manager' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_kind_created_idx" ON "audit_log" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('owner', 'manager', 'agent'));