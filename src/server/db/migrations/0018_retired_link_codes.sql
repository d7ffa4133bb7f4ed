-- Issue 32: the codes a broker's link had before a new one, so an old link or QR code tells the
-- tenant it was replaced instead of answering as if it never existed (decision record 059).
CREATE TABLE "retired_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"broker_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_link_codes" ADD CONSTRAINT "retired_link_codes_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE restrict ON UPDATE no action;