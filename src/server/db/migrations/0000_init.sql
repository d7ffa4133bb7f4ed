CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_phone" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"broker_code" text NOT NULL,
	"full_name" text,
	"office_name" text,
	"second_phone" text,
	"bio" text,
	"logo" text,
	"fal_license" text,
	"email" text,
	"city" text,
	"profile_complete" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"activation_requested_at" timestamp with time zone,
	"first_time_otp_verified" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_phone_unique" UNIQUE("phone"),
	CONSTRAINT "brokers_broker_code_unique" UNIQUE("broker_code")
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"referral_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"paid_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contract_number" text,
	"transfer_request_id" uuid,
	"transfer_reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_referral_id_unique" UNIQUE("referral_id"),
	CONSTRAINT "commissions_status_check" CHECK ("commissions"."status" in ('pending','requested','paid')),
	CONSTRAINT "commissions_amount_check" CHECK ("commissions"."amount" > 0),
	CONSTRAINT "commissions_paid_amount_check" CHECK ("commissions"."paid_amount" >= 0 and "commissions"."paid_amount" <= "commissions"."amount")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"type" text DEFAULT 'info' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('success','error','warning','info'))
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"referral_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_messages_channel_check" CHECK ("outbound_messages"."channel" in ('sms','whatsapp')),
	CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('pending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "referrals_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"broker_id" uuid NOT NULL,
	"tenant_phone" text NOT NULL,
	"property_type" text,
	"city" text,
	"district" text,
	"notes" text,
	"rent_amount" integer,
	"status" text DEFAULT 'pending_completion' NOT NULL,
	"zoho_lead_id" text,
	"contract_id" text,
	"form_token" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_number_unique" UNIQUE("number"),
	CONSTRAINT "referrals_form_token_unique" UNIQUE("form_token"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending_completion','under_review','accepted_awaiting_owner_contract','preparing_tenant_contract','contract_signed','commission_added','rejected','cancelled')),
	CONSTRAINT "referrals_rent_check" CHECK ("referrals"."rent_amount" is null or "referrals"."rent_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"broker_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"original_url" text NOT NULL,
	"referral_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('salary','credit'))
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_config_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tenant_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"tenant_phone" text NOT NULL,
	"name" text NOT NULL,
	"income" numeric(12, 2) NOT NULL,
	"monthly_obligations" numeric(12, 2) NOT NULL,
	"salary_definition_url" text,
	"credit_report_url" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_forms_referral_id_unique" UNIQUE("referral_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"iban" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rejection_reason" text,
	"transfer_reference" text,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_requests_status_check" CHECK ("transfer_requests"."status" in ('open','paid','rejected')),
	CONSTRAINT "transfer_requests_amount_check" CHECK ("transfer_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_brokers_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_transfer_request_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_request_id") REFERENCES "public"."transfer_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_updated_by_brokers_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_forms" ADD CONSTRAINT "tenant_forms_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_handled_by_brokers_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brokers_created_at_idx" ON "brokers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brokers_active_idx" ON "brokers" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brokers_activation_requested_idx" ON "brokers" USING btree ("activation_requested_at") WHERE "brokers"."is_active" = false and "brokers"."activation_requested_at" is not null;--> statement-breakpoint
CREATE INDEX "brokers_full_name_idx" ON "brokers" USING btree (lower("full_name"));--> statement-breakpoint
CREATE INDEX "commissions_broker_created_idx" ON "commissions" USING btree ("broker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_status_created_idx" ON "commissions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_transfer_request_idx" ON "commissions" USING btree ("transfer_request_id");--> statement-breakpoint
CREATE INDEX "notifications_broker_created_idx" ON "notifications" USING btree ("broker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("broker_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "otp_codes_phone_created_idx" ON "otp_codes" USING btree ("phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbound_messages_due_idx" ON "outbound_messages" USING btree ("next_attempt_at") WHERE "outbound_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbound_messages_referral_idx" ON "outbound_messages" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referrals_broker_submitted_idx" ON "referrals" USING btree ("broker_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_status_submitted_idx" ON "referrals" USING btree ("status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_submitted_idx" ON "referrals" USING btree ("submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_tenant_phone_idx" ON "referrals" USING btree ("tenant_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_one_open_per_tenant_idx" ON "referrals" USING btree ("tenant_phone") WHERE "referrals"."status" in ('pending_completion','under_review','accepted_awaiting_owner_contract','preparing_tenant_contract');--> statement-breakpoint
CREATE INDEX "sessions_broker_idx" ON "sessions" USING btree ("broker_id");--> statement-breakpoint
CREATE INDEX "stored_files_referral_idx" ON "stored_files" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "transfer_requests_broker_created_idx" ON "transfer_requests" USING btree ("broker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfer_requests_status_created_idx" ON "transfer_requests" USING btree ("status","created_at" DESC NULLS LAST);