-- Issue 33: the breach register, personal-data incidents with the 72-hour clock to SDAIA (decision
-- record 067). A new table only: nothing an older release reads changes.
CREATE TABLE "data_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"data_categories" text[] NOT NULL,
	"affected_count" integer NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"occurred_at" timestamp with time zone,
	"recorded_by" uuid NOT NULL,
	"sdaia_notice" text DEFAULT 'pending' NOT NULL,
	"sdaia_notified_at" timestamp with time zone,
	"sdaia_reference" text,
	"subjects_notice" text DEFAULT 'pending' NOT NULL,
	"subjects_notified_at" timestamp with time zone,
	"measures" text,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_incidents_categories_check" CHECK (cardinality("data_incidents"."data_categories") > 0 and "data_incidents"."data_categories" <@ array['contact','identity','financial','documents','credentials','other']::text[]),
	CONSTRAINT "data_incidents_affected_count_check" CHECK ("data_incidents"."affected_count" >= 0),
	CONSTRAINT "data_incidents_status_check" CHECK ("data_incidents"."status" in ('open','closed')),
	CONSTRAINT "data_incidents_sdaia_notice_check" CHECK ("data_incidents"."sdaia_notice" in ('pending','notified','not_required')),
	CONSTRAINT "data_incidents_subjects_notice_check" CHECK ("data_incidents"."subjects_notice" in ('pending','notified','not_required')),
	CONSTRAINT "data_incidents_sdaia_notified_at_check" CHECK (("data_incidents"."sdaia_notice" = 'notified') = ("data_incidents"."sdaia_notified_at" is not null)),
	CONSTRAINT "data_incidents_subjects_notified_at_check" CHECK (("data_incidents"."subjects_notice" = 'notified') = ("data_incidents"."subjects_notified_at" is not null)),
	CONSTRAINT "data_incidents_closed_at_check" CHECK (("data_incidents"."status" = 'closed') = ("data_incidents"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_incidents" ADD CONSTRAINT "data_incidents_recorded_by_brokers_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."brokers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_incidents_created_idx" ON "data_incidents" USING btree ("created_at");