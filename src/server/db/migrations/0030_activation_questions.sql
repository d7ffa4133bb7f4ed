-- Activation questions (issue 34 item 3, decision 076): the questions super-admins ask every
-- broker requesting activation, and each broker's answers with the question as they read it.
-- Two new tables, no row written: until a question is added, a request carries no answers, as
-- before. No cascade reaches them.
CREATE TABLE "activation_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt" text NOT NULL,
	"required" boolean NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activation_answers" ADD CONSTRAINT "activation_answers_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_answers" ADD CONSTRAINT "activation_answers_question_id_activation_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."activation_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_questions" ADD CONSTRAINT "activation_questions_created_by_brokers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_answers_broker_idx" ON "activation_answers" USING btree ("broker_id","requested_at");--> statement-breakpoint
CREATE INDEX "activation_answers_question_idx" ON "activation_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "activation_questions_asked_idx" ON "activation_questions" USING btree ("created_at") WHERE "activation_questions"."retired_at" is null;