CREATE TABLE "auth_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_failures_kind_check" CHECK ("auth_failures"."kind" in ('otp','password'))
);
--> statement-breakpoint
CREATE TABLE "otp_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_verifications_purpose_check" CHECK ("otp_verifications"."purpose" in ('create','reset'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "contract_rent" integer;--> statement-breakpoint
CREATE INDEX "auth_failures_phone_kind_created_idx" ON "auth_failures" USING btree ("phone","kind","created_at");--> statement-breakpoint
CREATE INDEX "otp_verifications_expires_idx" ON "otp_verifications" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "otp_codes" DROP COLUMN "verified_at";--> statement-breakpoint
ALTER TABLE "otp_codes" DROP COLUMN "consumed_at";--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_contract_rent_check" CHECK ("referrals"."contract_rent" is null or "referrals"."contract_rent" >= 0);