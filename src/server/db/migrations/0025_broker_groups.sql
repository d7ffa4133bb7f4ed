-- Broker groups (decision 072): groups with their own commission terms, promotion rules, a
-- per-broker override of the rate or minimum, and the rule that made each commission stored with
-- it. Only new tables and nullable columns (no rewrite); the constraints on brokers are added NOT
-- VALID (migration policy): every existing row holds them, its new columns being null, and new and
-- changed rows are checked at once. No row is written (a restore wants an empty target): until a
-- super-admin makes the first group, which becomes the default, every broker is in none and earns
-- by the program's settings, as before; a broker without a group is in the default one.
CREATE TABLE "broker_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"commission_rate" numeric(6, 4),
	"commission_minimum" numeric(10, 2),
	"holding_days" integer,
	"payout_minimum" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broker_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "broker_groups_terms_check" CHECK (("broker_groups"."commission_rate" is null or "broker_groups"."commission_rate" between 0 and 0.2)
        and ("broker_groups"."commission_minimum" is null or "broker_groups"."commission_minimum" >= 1)
        and ("broker_groups"."holding_days" is null or "broker_groups"."holding_days" between 0 and 365)
        and ("broker_groups"."payout_minimum" is null or "broker_groups"."payout_minimum" >= 1)
        and "broker_groups"."level" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "promotion_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"signed_contracts" integer NOT NULL,
	"within_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_rules_bounds_check" CHECK ("promotion_rules"."signed_contracts" between 1 and 1000 and "promotion_rules"."within_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_rate_override" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_minimum_override" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_override_reason" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_group_id_broker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."broker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_groups_one_default_idx" ON "broker_groups" USING btree ("is_default") WHERE "broker_groups"."is_default";--> statement-breakpoint
CREATE INDEX "promotion_rules_group_idx" ON "promotion_rules" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_group_id_broker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."broker_groups"("id") ON DELETE restrict ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_commission_override_check" CHECK (("brokers"."commission_rate_override" is null or "brokers"."commission_rate_override" between 0 and 0.2)
        and ("brokers"."commission_minimum_override" is null or "brokers"."commission_minimum_override" >= 1)) NOT VALID;
