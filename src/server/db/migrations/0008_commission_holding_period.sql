-- Issue 16 item 1: the holding period. A commission is `on_hold` until `payable_at`.
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_status_check";--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "payable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Commissions made before the holding period existed were payable from the start.
UPDATE "commissions" SET "payable_at" = "created_at";--> statement-breakpoint
CREATE INDEX "commissions_on_hold_payable_idx" ON "commissions" USING btree ("payable_at") WHERE "commissions"."status" = 'on_hold';--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_status_check" CHECK ("commissions"."status" in ('on_hold','pending','requested','paid'));