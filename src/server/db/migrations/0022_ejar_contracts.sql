-- Issue 33 item 2: the signed lease's Ejar dates, and its register number found on other
-- referrals (decision record 069). New nullable columns; the signal kinds widened NOT VALID as in
-- 0017 (every row passed the narrower check).
ALTER TABLE "fraud_signals" DROP CONSTRAINT "fraud_signals_kind_check";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "contract_starts_on" date;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "contract_ends_on" date;--> statement-breakpoint
-- migration-policy: allow index-without-concurrently because the operations guide builds it by hand before the release (CREATE INDEX CONCURRENTLY IF NOT EXISTS, release notes of issue 33)
CREATE INDEX IF NOT EXISTS "referrals_contract_register_idx" ON "referrals" USING btree (split_part("contract_id", '/', 1)) WHERE "referrals"."contract_id" is not null;--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_kind_check" CHECK ("fraud_signals"."kind" in ('own_phone','multi_broker_tenant','rent_outlier','rent_mismatch','referral_burst','shared_iban','staff_referral','duplicate_contract')) NOT VALID;