ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','security_notice','test','crm_lead','crm_update'));