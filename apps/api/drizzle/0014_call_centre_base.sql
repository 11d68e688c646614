ALTER TABLE "order_status_history" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_kind_check";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_kind_check" CHECK ("order_status_history"."kind" in ('status', 'staff_note', 'tracking_id', 'payment', 'edit', 'merge', 'assignment', 'customer_reply'));--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_call_check";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_call_check" CHECK ("order_status_history"."call_outcome" is null or "order_status_history"."call_outcome" in ('confirmed', 'no_answer', 'busy', 'wrong_number', 'postponed', 'cancelled', 'fake', 'duplicate'));
