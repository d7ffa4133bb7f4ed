-- The partner program's groups and the team's notes (issue 34, decisions 072 and 073): broker
-- groups with their own commission terms, promotion rules, a per-broker override of the rate or
-- minimum, the rule that made each commission stored with it; notes and tags on brokers, and the
-- reminders sent to dormant brokers (the outbox's kinds widened by 'broker_nudge'). Only new
-- tables, nullable columns and a column with a constant default (no rewrite); the constraints on
-- existing tables are added NOT VALID (migration policy): every existing row holds them, and new
-- and changed rows are checked at once (a later release validates them). No row is written (a
-- restore wants an empty target): until a super-admin makes the first group, which becomes the
-- default, every broker earns by the program's settings, as before. Notes and reminders have no
-- cascading foreign keys: they are never lost by a deletion.
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
CREATE TABLE "broker_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "group_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_rate_override" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_minimum_override" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "commission_override_reason" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "broker_notes" ADD CONSTRAINT "broker_notes_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_notes" ADD CONSTRAINT "broker_notes_author_id_brokers_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_nudges" ADD CONSTRAINT "broker_nudges_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_nudges" ADD CONSTRAINT "broker_nudges_sent_by_brokers_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_group_id_broker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."broker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_groups_one_default_idx" ON "broker_groups" USING btree ("is_default") WHERE "broker_groups"."is_default";--> statement-breakpoint
CREATE INDEX "broker_notes_broker_created_idx" ON "broker_notes" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "broker_notes_body_trgm_idx" ON "broker_notes" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "broker_nudges_broker_created_idx" ON "broker_nudges" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "broker_nudges_created_idx" ON "broker_nudges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promotion_rules_group_idx" ON "promotion_rules" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_group_id_broker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."broker_groups"("id") ON DELETE restrict ON UPDATE no action NOT VALID;--> statement-breakpoint
-- migration-policy: allow index-without-concurrently because the column is new in this migration, every row holding an empty array: the index builds at once, whatever the table's size
CREATE INDEX "brokers_tags_idx" ON "brokers" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_commission_override_check" CHECK (("brokers"."commission_rate_override" is null or "brokers"."commission_rate_override" between 0 and 0.2)
        and ("brokers"."commission_minimum_override" is null or "brokers"."commission_minimum_override" >= 1)) NOT VALID;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','fal_license_reminder','broker_nudge','security_notice','test','crm_lead','crm_update','webhook_event')) NOT VALID;