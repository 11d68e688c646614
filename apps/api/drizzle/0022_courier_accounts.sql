ALTER TABLE "courier_places" ADD COLUMN "wilaya_code" smallint;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('price', 'delivery_fee', 'coupon', 'deletion', 'order_status', 'payment', 'staff', 'blacklist', 'courier'));
