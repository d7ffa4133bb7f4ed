-- Brokerage offices and their agents (issue 35 item 4, decision 080): an office registered by a
-- broker with its commercial registration, its members invited by phone, where the members'
-- commissions are paid (the agent's IBAN or the office's) and the office's share recorded on
-- each commission, the office a payout was paid to, and the invitation's phone notice (the
-- outbox's kinds widened by 'office_invitation'). Only new tables and nullable columns
-- without defaults on existing tables (no rewrite); the foreign keys and checks on existing tables are added
-- NOT VALID (migration policy): every existing row holds them (the columns are new and null), and
-- new rows are checked at once. No cascading foreign key: offices and memberships are kept.
CREATE TABLE "office_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"broker_id" uuid,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "office_members_role_check" CHECK ("office_members"."role" in ('owner','agent')),
	CONSTRAINT "office_members_status_check" CHECK ("office_members"."status" in ('invited','active','declined','left','removed','cancelled')),
	CONSTRAINT "office_members_active_check" CHECK ("office_members"."status" <> 'active' or ("office_members"."broker_id" is not null and "office_members"."joined_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cr_number" text NOT NULL,
	"payout_to" text DEFAULT 'agent' NOT NULL,
	"share_percent" integer,
	"iban" text,
	"iban_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offices_payout_to_check" CHECK ("offices"."payout_to" in ('agent','office')),
	CONSTRAINT "offices_share_check" CHECK ("offices"."share_percent" is null or "offices"."share_percent" between 0 and 100),
	CONSTRAINT "offices_iban_check" CHECK ("offices"."payout_to" = 'agent' or "offices"."iban" is not null)
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "office_share_percent" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "office_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_invited_by_brokers_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_owner_id_brokers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_members_active_idx" ON "office_members" USING btree ("broker_id") WHERE "office_members"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "office_members_open_idx" ON "office_members" USING btree ("office_id","phone") WHERE "office_members"."status" in ('invited','active');--> statement-breakpoint
CREATE INDEX "office_members_phone_idx" ON "office_members" USING btree ("phone") WHERE "office_members"."status" = 'invited';--> statement-breakpoint
CREATE INDEX "office_members_broker_idx" ON "office_members" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_cr_number_idx" ON "offices" USING btree ("cr_number");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_owner_idx" ON "offices" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_office_share_check" CHECK (("commissions"."office_share_percent" is null or "commissions"."office_share_percent" between 0 and 100)
        and ("commissions"."office_amount" is null or ("commissions"."office_amount" >= 0 and "commissions"."office_amount" <= "commissions"."amount"))
        and ("commissions"."office_id" is not null or ("commissions"."office_share_percent" is null and "commissions"."office_amount" is null))) NOT VALID;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','fal_license_reminder','broker_nudge','broker_message','broker_broadcast','office_invitation','security_notice','test','crm_lead','crm_update','webhook_event')) NOT VALID;
