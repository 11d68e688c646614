ALTER TABLE "ad_pixels" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "ad_pixels" ADD COLUMN "test_event_code" text;--> statement-breakpoint
CREATE TABLE "order_attribution" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"fbp" text,
	"fbc" text,
	"ttclid" text,
	"ttp" text,
	"ip" text,
	"user_agent" text,
	"page_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"pixel_id" uuid NOT NULL,
	"moment" text NOT NULL,
	"event_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_events_moment_check" CHECK ("conversion_events"."moment" in ('placed', 'purchase')),
	CONSTRAINT "conversion_events_status_check" CHECK ("conversion_events"."status" in ('queued', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "order_attribution" ADD CONSTRAINT "order_attribution_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_pixel_id_ad_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."ad_pixels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_events_once_key" ON "conversion_events" USING btree ("pixel_id","event_id");--> statement-breakpoint
CREATE INDEX "conversion_events_order_idx" ON "conversion_events" USING btree ("order_id");
