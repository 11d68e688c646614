CREATE TABLE "cart_merges" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_merges" ADD CONSTRAINT "cart_merges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_merges_merged_idx" ON "cart_merges" USING btree ("merged_at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_live_idx" ON "password_reset_codes" USING btree ("client_id") WHERE "password_reset_codes"."used_at" is null;