-- VAT-correct commission documents (decision 071): the broker's tax profile on the broker's row,
-- the self-billing agreements accepted, the VAT on commissions and payouts (net stays the ledger's
-- figure), and the payment documents with their gap-free counters. Only new tables, nullable
-- columns and columns with constant defaults (no rewrite); the constraints on existing tables are
-- added NOT VALID (migration policy): every existing row holds them by their defaults, and new and
-- changed rows are checked at once. The documents' foreign keys have no cascade: a document is
-- never lost by a deletion.
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "payment_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"broker_id" uuid NOT NULL,
	"transfer_request_id" uuid,
	"commission_id" uuid,
	"net" numeric(10, 2) NOT NULL,
	"vat_amount" numeric(10, 2) NOT NULL,
	"gross" numeric(10, 2) NOT NULL,
	"data" jsonb NOT NULL,
	"xml" text,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "payment_documents_kind_check" CHECK ("payment_documents"."kind" in ('tax_invoice','payment_statement')),
	CONSTRAINT "payment_documents_source_check" CHECK (("payment_documents"."transfer_request_id" is null) <> ("payment_documents"."commission_id" is null)),
	CONSTRAINT "payment_documents_gross_check" CHECK ("payment_documents"."gross" = "payment_documents"."net" + "payment_documents"."vat_amount")
);
--> statement-breakpoint
CREATE TABLE "self_billing_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "tax_entity" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "cr_number" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "vat_certificate" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "vat_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "vat_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "vat_note" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "self_billing_version" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "vat_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "vat_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_transfer_request_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_request_id") REFERENCES "public"."transfer_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_acceptances" ADD CONSTRAINT "self_billing_acceptances_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_documents_broker_issued_idx" ON "payment_documents" USING btree ("broker_id","issued_at");--> statement-breakpoint
CREATE INDEX "payment_documents_issued_idx" ON "payment_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_transfer_request_idx" ON "payment_documents" USING btree ("transfer_request_id") WHERE "payment_documents"."transfer_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_commission_idx" ON "payment_documents" USING btree ("commission_id") WHERE "payment_documents"."commission_id" is not null;--> statement-breakpoint
CREATE INDEX "self_billing_acceptances_broker_idx" ON "self_billing_acceptances" USING btree ("broker_id","accepted_at");--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_tax_entity_check" CHECK ("brokers"."tax_entity" in ('individual','establishment')) NOT VALID;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_vat_amount_check" CHECK ("commissions"."vat_amount" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_vat_amount_check" CHECK ("transfer_requests"."vat_amount" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('salary','credit','fal_license','vat_certificate')) NOT VALID;