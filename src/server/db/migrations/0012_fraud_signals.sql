-- Issue 16 item 3: fraud and duplicate signals, and the hold they put on commissions.
CREATE TABLE "fraud_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"broker_id" uuid NOT NULL,
	"referral_id" uuid,
	"scope" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_signals_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "fraud_signals_kind_check" CHECK ("fraud_signals"."kind" in ('own_phone','multi_broker_tenant','rent_outlier','rent_mismatch','referral_burst')),
	CONSTRAINT "fraud_signals_status_check" CHECK ("fraud_signals"."status" in ('open','resolved','dismissed')),
	CONSTRAINT "fraud_signals_scope_check" CHECK ("fraud_signals"."scope" in ('referral','none'))
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "signal_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_resolved_by_brokers_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_signals_status_created_idx" ON "fraud_signals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fraud_signals_broker_idx" ON "fraud_signals" USING btree ("broker_id");--> statement-breakpoint
CREATE INDEX "fraud_signals_referral_idx" ON "fraud_signals" USING btree ("referral_id");