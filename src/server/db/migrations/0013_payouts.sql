-- Payouts (issue 16 item 2; decision record 043): transfer requests gain the approved, sent and
-- failed states, where they came from (a broker's request or an admin's bulk run), who approved
-- them, the name and bank file they went out under, and why the bank returned one; brokers keep
-- their IBAN on the profile, with when it last replaced another (payouts wait 48 hours); a
-- shared IBAN is a signal that holds the broker.
ALTER TABLE "fraud_signals" DROP CONSTRAINT "fraud_signals_kind_check";--> statement-breakpoint
ALTER TABLE "fraud_signals" DROP CONSTRAINT "fraud_signals_scope_check";--> statement-breakpoint
ALTER TABLE "transfer_requests" DROP CONSTRAINT "transfer_requests_status_check";--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "iban_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "source" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "beneficiary_name" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "bank_batch" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_approved_by_brokers_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brokers_iban_idx" ON "brokers" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "transfer_requests_bank_batch_idx" ON "transfer_requests" USING btree ("bank_batch");--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_kind_check" CHECK ("fraud_signals"."kind" in ('own_phone','multi_broker_tenant','rent_outlier','rent_mismatch','referral_burst','shared_iban'));--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_scope_check" CHECK ("fraud_signals"."scope" in ('referral','broker','none'));--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_source_check" CHECK ("transfer_requests"."source" in ('request','bulk'));--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_status_check" CHECK ("transfer_requests"."status" in ('open','approved','sent','paid','failed','rejected'));--> statement-breakpoint
-- Each live broker's IBAN starts as the one of their latest request that was not rejected.
UPDATE "brokers" b SET "iban" = (
  SELECT t."iban" FROM "transfer_requests" t
  WHERE t."broker_id" = b."id" AND t."status" <> 'rejected'
  ORDER BY t."created_at" DESC LIMIT 1
) WHERE b."iban" IS NULL AND b."deleted_at" IS NULL;
--> statement-breakpoint
-- IBANs already shared: every broker but the first to have it gets the signal, as a new one would.
INSERT INTO "fraud_signals" ("kind", "dedupe_key", "broker_id", "scope", "reason", "details")
SELECT 'shared_iban', 'shared_iban:' || b."id" || ':' || md5(b."iban"), b."id", 'broker',
  'الآيبان المنتهي بـ ' || right(b."iban", 4) || ' مسجل أيضاً لدى ' || first."broker_code",
  jsonb_build_object('otherBrokers', jsonb_build_array(first."broker_code"))
FROM "brokers" b
JOIN LATERAL (
  SELECT o."broker_code" FROM "brokers" o
  WHERE o."iban" = b."iban" AND o."id" <> b."id" AND o."deleted_at" IS NULL
    AND (o."created_at", o."id") < (b."created_at", b."id")
  ORDER BY o."created_at", o."id" LIMIT 1
) first ON true
WHERE b."iban" IS NOT NULL AND b."deleted_at" IS NULL
ON CONFLICT ("dedupe_key") DO NOTHING;
