CREATE TABLE "order_staff_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"staff_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_staff_notes_text_length" CHECK (char_length("order_staff_notes"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_staff_notes" ADD CONSTRAINT "order_staff_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_staff_notes" ADD CONSTRAINT "order_staff_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_staff_notes_order_idx" ON "order_staff_notes" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_kind_check" CHECK ("order_status_history"."kind" in ('status', 'staff_note', 'tracking_id', 'payment'));