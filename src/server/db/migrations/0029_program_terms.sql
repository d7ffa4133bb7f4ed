-- The partner program's terms (issue 34 item 3, decision 075): each version as published, and
-- each broker's acceptance of a version (when, from where, and a hash of the text shown). Two
-- new tables, no row written: until a super-admin publishes the first version, brokers refer as
-- before. No cascade reaches them.
CREATE TABLE "program_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_terms_version_unique" UNIQUE("version"),
	CONSTRAINT "program_terms_version_check" CHECK ("program_terms"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "program_terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body_sha256" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_terms" ADD CONSTRAINT "program_terms_published_by_brokers_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_terms_acceptances" ADD CONSTRAINT "program_terms_acceptances_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_terms_acceptances" ADD CONSTRAINT "program_terms_acceptances_version_program_terms_version_fk" FOREIGN KEY ("version") REFERENCES "public"."program_terms"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "program_terms_acceptances_broker_version_idx" ON "program_terms_acceptances" USING btree ("broker_id","version");
