-- Adjustments and bonuses (issue 34 item 2, decision 074): a commission may now be made by an
-- admin's positive adjustment or by a bonus a broker reached, not only by a signed contract
-- (`kind`; `referral_id` becomes nullable, and only a referral commission has one); a negative
-- adjustment is a deduction row, money the broker owes and later payments take back; bonuses
-- are what super-admins define. Only new tables, nullable columns, a column with a constant
-- default (no rewrite) and a dropped NOT NULL (the old code always writes the referral, and its
-- inner joins simply skip a row without one). The constraints and foreign keys on commissions
-- are added NOT VALID (migration policy): every existing row holds them, new and changed rows
-- are checked at once, a later release validates them. No cascade reaches a money row.
CREATE TABLE "bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"signed_contracts" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonuses_name_unique" UNIQUE("name"),
	CONSTRAINT "bonuses_bounds_check" CHECK ("bonuses"."signed_contracts" between 1 and 1000 and "bonuses"."amount" between 1 and 100000
        and "bonuses"."ends_on" >= "bonuses"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"recovered_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deductions_amount_check" CHECK ("deductions"."amount" > 0),
	CONSTRAINT "deductions_recovered_amount_check" CHECK ("deductions"."recovered_amount" >= 0 and "deductions"."recovered_amount" <= "deductions"."amount")
);
--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "referral_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "kind" text DEFAULT 'referral' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_created_by_brokers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deductions" ADD CONSTRAINT "deductions_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deductions" ADD CONSTRAINT "deductions_created_by_brokers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonuses_ends_on_idx" ON "bonuses" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "deductions_broker_created_idx" ON "deductions" USING btree ("broker_id","created_at");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_created_by_brokers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- migration-policy: allow index-without-concurrently because the column is new in this migration and null in every row: the partial index holds no row, and builds in one quick scan
CREATE UNIQUE INDEX "commissions_bonus_broker_idx" ON "commissions" USING btree ("bonus_id","broker_id") WHERE "commissions"."bonus_id" is not null;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_kind_check" CHECK ("commissions"."kind" in ('referral','adjustment','bonus')) NOT VALID;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_kind_source_check" CHECK (("commissions"."kind" = 'referral') = ("commissions"."referral_id" is not null)
        and ("commissions"."kind" = 'bonus') = ("commissions"."bonus_id" is not null)
        and ("commissions"."kind" = 'referral' or "commissions"."reason" is not null)) NOT VALID;