-- Issue 33: a tenant's requests about their data and their view of it (decision record 068).
-- A code's purpose gains `data_access`, so its check is widened; added NOT VALID as in 0017:
-- every row passed the narrower check, and rows written from now on are checked.
CREATE TABLE "data_access_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid,
	"kind" text NOT NULL,
	"correction" jsonb,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('correction','erasure')),
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('open','done','refused'))
);
--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "data_access_sessions" ADD CONSTRAINT "data_access_sessions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_resolved_by_brokers_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_access_sessions_referral_idx" ON "data_access_sessions" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "data_requests_referral_idx" ON "data_requests" USING btree ("referral_id");--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_check" CHECK ("otp_codes"."purpose" in ('sign_in','reset','referral_request','data_access')) NOT VALID;