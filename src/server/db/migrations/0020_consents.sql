-- Issue 33: each consent a tenant gives, word for word, with its version, time, address and
-- channel (decision record 068). A new table only.
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid,
	"tenant_phone" text NOT NULL,
	"purpose" text NOT NULL,
	"version" text NOT NULL,
	"text" text NOT NULL,
	"channel" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('data_sharing','credit_enquiry')),
	CONSTRAINT "consents_channel_check" CHECK ("consents"."channel" in ('tenant_form'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_referral_idx" ON "consents" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "consents_phone_idx" ON "consents" USING btree ("tenant_phone");