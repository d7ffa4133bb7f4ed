-- Issue 16 item 1: reversals. A reversed commission keeps its amount; what was paid of it is
-- recovered from later payments (recovered_amount).
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_status_check";--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "recovered_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reversed_by_brokers_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_recovered_amount_check" CHECK ("commissions"."recovered_amount" >= 0 and "commissions"."recovered_amount" <= "commissions"."paid_amount");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_status_check" CHECK ("commissions"."status" in ('on_hold','pending','requested','paid','reversed'));