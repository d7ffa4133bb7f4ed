-- Issue 26: every one-time code keeps its purpose (codes waiting at the upgrade count as sign-in
-- codes, the only kind that lasts beyond a few minutes' use), and referrals made by staff accounts
-- become a signal kind of their own.
ALTER TABLE "fraud_signals" DROP CONSTRAINT "fraud_signals_kind_check";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_kind_check" CHECK ("fraud_signals"."kind" in ('own_phone','multi_broker_tenant','rent_outlier','rent_mismatch','referral_burst','shared_iban','staff_referral'));--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_check" CHECK ("otp_codes"."purpose" in ('sign_in','reset','referral_request'));