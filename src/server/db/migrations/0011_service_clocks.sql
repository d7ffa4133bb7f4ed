-- Issue 16 item 5: service clocks in Saudi working time. Public holidays; when each referral
-- entered its status (kept by a trigger, so every path that changes a status keeps it) and its
-- stage's deadline; each commission's payment deadline. The deadlines are computed by the
-- server (src/server/service-clocks.ts), which knows working hours and the holidays.
CREATE TABLE "public_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "pay_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "stage_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_created_by_brokers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_pay_due_idx" ON "commissions" USING btree ("pay_due_at") WHERE "commissions"."status" in ('pending','requested');--> statement-breakpoint
CREATE INDEX "commissions_pay_due_missing_idx" ON "commissions" USING btree ("created_at") WHERE "commissions"."pay_due_at" is null and "commissions"."status" in ('on_hold','pending','requested');--> statement-breakpoint
CREATE INDEX "referrals_stage_due_idx" ON "referrals" USING btree ("stage_due_at") WHERE "referrals"."stage_due_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_stage_due_missing_idx" ON "referrals" USING btree ("status_changed_at") WHERE "referrals"."stage_due_at" is null and "referrals"."status" in ('under_review','accepted_awaiting_owner_contract','preparing_tenant_contract');
--> statement-breakpoint
UPDATE "referrals" SET "status_changed_at" = "updated_at";--> statement-breakpoint
CREATE FUNCTION "referrals_status_clock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
    NEW.stage_due_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "referrals_status_clock" BEFORE UPDATE OF "status" ON "referrals"
  FOR EACH ROW EXECUTE FUNCTION "referrals_status_clock"();
