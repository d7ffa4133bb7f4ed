-- Issue 17: a broker's own referral link (its code on the broker), where each referral came from
-- (typed, link or QR), and the link's visitors, each counted once a Riyadh day.
CREATE TABLE "referral_link_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"broker_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_link_visits_source_check" CHECK ("referral_link_visits"."source" in ('link','qr'))
);
--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "link_code" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "source" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_link_visits" ADD CONSTRAINT "referral_link_visits_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_link_visits_once_a_day_idx" ON "referral_link_visits" USING btree ("broker_id","day","visitor");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_link_code_unique" UNIQUE("link_code");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_source_check" CHECK ("referrals"."source" in ('typed','link','qr'));