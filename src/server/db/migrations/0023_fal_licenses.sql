-- The broker's FAL licence (decision 070): its type, expiry, copy and an admin's verification on
-- the broker's row; a commission held for the licence; a stored file is a referral's or a broker's;
-- the outbox's licence reminders. Every constraint is added NOT VALID (migration policy): the new
-- columns are null on every row there, and the widened checks only admit more; new and changed
-- rows are checked at once.
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "referral_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_type" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_expires_on" date;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_copy" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_evidence" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_note" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "fal_license_refusal" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "license_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "broker_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_fal_license_type_check" CHECK ("brokers"."fal_license_type" is null or "brokers"."fal_license_type" in ('brokerage','property_management','facility_management','auctions','consulting','advertising')) NOT VALID;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_fal_license_evidence_check" CHECK ("brokers"."fal_license_evidence" is null or "brokers"."fal_license_evidence" in ('copy','rega_enquiry')) NOT VALID;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('tenant_link','status_update','fal_license_reminder','security_notice','test','crm_lead','crm_update','webhook_event')) NOT VALID;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_check" CHECK (("stored_files"."referral_id" is null) <> ("stored_files"."broker_id" is null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('salary','credit','fal_license')) NOT VALID;
