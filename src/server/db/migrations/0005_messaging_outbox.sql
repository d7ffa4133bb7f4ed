CREATE TABLE "whatsapp_templates" (
	"name" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_channel_check";--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_status_check";--> statement-breakpoint
DROP INDEX "outbound_messages_due_idx";--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "notify_by_message" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Rows written before the outbox had kinds were all tenants' links; each is its own cause.
ALTER TABLE "outbound_messages" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
UPDATE "outbound_messages" SET "kind" = 'tenant_link', "dedupe_key" = 'legacy:' || "id"::text, "status" = CASE WHEN "status" = 'pending' THEN 'queued' ELSE "status" END;--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "fallback_of" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_messages_provider_id_idx" ON "outbound_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_created_idx" ON "outbound_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_idx" ON "outbound_messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "outbound_messages_due_idx" ON "outbound_messages" USING btree ("next_attempt_at") WHERE "outbound_messages"."status" in ('queued','sending');--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','test','crm_lead','crm_update'));--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_channel_check" CHECK ("outbound_messages"."channel" in ('sms','whatsapp','crm'));--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('queued','sending','sent','delivered','read','failed'));