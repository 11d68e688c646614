CREATE TABLE "courier_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"engine" text NOT NULL,
	"base_url" text NOT NULL,
	"credentials" text NOT NULL,
	"webhook_secret" text,
	"sender_wilaya_code" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_accounts_engine_check" CHECK ("courier_accounts"."engine" in ('yalidine', 'ecotrack', 'zr')),
	CONSTRAINT "courier_accounts_name_length" CHECK (char_length("courier_accounts"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "courier_places" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"remote_name" text NOT NULL,
	"remote_wilaya" text NOT NULL,
	"remote_parent_id" text,
	"has_stop_desk" boolean DEFAULT false NOT NULL,
	"stop_desk_id" text,
	"commune_id" integer,
	"matched_by" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_places_matched_by_check" CHECK ("courier_places"."matched_by" is null or "courier_places"."matched_by" in ('auto', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "courier_wilaya_choices" (
	"wilaya_code" smallint PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"status" text NOT NULL,
	"status_raw" text NOT NULL,
	"reason" text,
	"failure" text,
	"centre" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_status_check" CHECK ("shipment_events"."status" in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'failed_delivery', 'returning', 'returned', 'delivered', 'cancelled', 'exception', 'unknown')),
	CONSTRAINT "shipment_events_source_check" CHECK ("shipment_events"."source" in ('webhook', 'poll', 'store')),
	CONSTRAINT "shipment_events_failure_check" CHECK ("shipment_events"."failure" is null or "shipment_events"."failure" in ('wrong_number', 'no_answer', 'refused', 'cancelled_by_customer', 'duplicate', 'not_ordered', 'unable_to_pay', 'wrong_commune', 'other'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text DEFAULT 'delivery' NOT NULL,
	"tracking" text NOT NULL,
	"external_id" text,
	"label_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_raw" text,
	"failure" text,
	"cod_amount" integer NOT NULL,
	"delivery_fee" integer,
	"return_fee" integer,
	"payout_status" text DEFAULT 'not_ready' NOT NULL,
	"payout_id" text,
	"paid_out_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_kind_check" CHECK ("shipments"."kind" in ('delivery', 'exchange')),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'failed_delivery', 'returning', 'returned', 'delivered', 'cancelled', 'exception', 'unknown')),
	CONSTRAINT "shipments_payout_check" CHECK ("shipments"."payout_status" in ('not_ready', 'ready', 'receivable', 'paid')),
	CONSTRAINT "shipments_failure_check" CHECK ("shipments"."failure" is null or "shipments"."failure" in ('wrong_number', 'no_answer', 'refused', 'cancelled_by_customer', 'duplicate', 'not_ordered', 'unable_to_pay', 'wrong_commune', 'other')),
	CONSTRAINT "shipments_amounts_check" CHECK ("shipments"."cod_amount" >= 0 and ("shipments"."delivery_fee" is null or "shipments"."delivery_fee" >= 0) and ("shipments"."return_fee" is null or "shipments"."return_fee" >= 0))
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "courier_accounts" ADD CONSTRAINT "courier_accounts_sender_wilaya_code_wilayas_code_fk" FOREIGN KEY ("sender_wilaya_code") REFERENCES "public"."wilayas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_places" ADD CONSTRAINT "courier_places_account_id_courier_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_places" ADD CONSTRAINT "courier_places_commune_id_communes_id_fk" FOREIGN KEY ("commune_id") REFERENCES "public"."communes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_wilaya_choices" ADD CONSTRAINT "courier_wilaya_choices_wilaya_code_wilayas_code_fk" FOREIGN KEY ("wilaya_code") REFERENCES "public"."wilayas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_wilaya_choices" ADD CONSTRAINT "courier_wilaya_choices_account_id_courier_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_courier_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."courier_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_accounts_default_key" ON "courier_accounts" USING btree ("is_default") WHERE "courier_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "courier_places_remote_key" ON "courier_places" USING btree ("account_id","remote_id");--> statement-breakpoint
CREATE INDEX "courier_places_commune_idx" ON "courier_places" USING btree ("account_id","commune_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key" ON "shipment_events" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE INDEX "shipment_events_timeline_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("account_id","tracking");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("account_id","last_event_at") WHERE "shipments"."status" not in ('delivered', 'returned', 'cancelled');--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_check" CHECK ("order_status_history"."actor" is null or "order_status_history"."actor" in ('staff', 'client', 'courier', 'system'));