-- Conversations between the program team and brokers (issue 35 item 3, decision 079): each
-- broker's messages with the team, broadcasts to an audience, a broker's choice to mute
-- broadcasts, attachments as the broker's private stored files (the kinds widened by 'message'),
-- and the phone notice of a new message (the outbox's kinds widened by 'broker_message'). Only
-- new tables and a column with a constant default (no rewrite); the widened checks on existing
-- tables are added NOT VALID (migration policy): every existing row holds them and new rows are
-- checked at once. Messages and broadcasts have no cascading foreign keys: never lost by a
-- deletion; an attachment's key, a referral a message named and a broadcast's group are cleared
-- when those go (the broadcast keeps the group's name).
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sent_by" uuid NOT NULL,
	"audience" text NOT NULL,
	"group_id" uuid,
	"group_name" text,
	"city" text,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"muted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_audience_check" CHECK ("broadcasts"."audience" in ('group','city','dormant'))
);
--> statement-breakpoint
CREATE TABLE "broker_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_team" boolean NOT NULL,
	"body" text NOT NULL,
	"referral_id" uuid,
	"broadcast_id" uuid,
	"attachment_key" text,
	"attachment_type" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broker_messages_content_check" CHECK (char_length("broker_messages"."body") <= 2000 and (char_length("broker_messages"."body") > 0 or "broker_messages"."attachment_type" is not null)),
	CONSTRAINT "broker_messages_attachment_check" CHECK ("broker_messages"."attachment_type" is null or "broker_messages"."attachment_type" in ('pdf','jpg','png'))
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "broadcasts_muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_sent_by_brokers_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_group_id_broker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."broker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_messages" ADD CONSTRAINT "broker_messages_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_messages" ADD CONSTRAINT "broker_messages_author_id_brokers_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_messages" ADD CONSTRAINT "broker_messages_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_messages" ADD CONSTRAINT "broker_messages_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_messages" ADD CONSTRAINT "broker_messages_attachment_key_stored_files_key_fk" FOREIGN KEY ("attachment_key") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broker_messages_broker_idx" ON "broker_messages" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "broker_messages_broadcast_idx" ON "broker_messages" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "broker_messages_referral_idx" ON "broker_messages" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "broker_messages_latest_idx" ON "broker_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broker_messages_unread_idx" ON "broker_messages" USING btree ("broker_id") WHERE "broker_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "broker_messages_body_trgm_idx" ON "broker_messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','fal_license_reminder','broker_nudge','broker_message','broker_broadcast','security_notice','test','crm_lead','crm_update','webhook_event')) NOT VALID;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('salary','credit','fal_license','vat_certificate','message')) NOT VALID;