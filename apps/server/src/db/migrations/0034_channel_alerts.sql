-- Issue 31, item 5 (docs/decisions/087): 数据驾驶舱's alerts and the kinds an operator switched off.
CREATE TABLE "channel_alert" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"distributor_id" integer,
	"phone_key" text,
	"day" date NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" integer
);
--> statement-breakpoint
CREATE TABLE "channel_alert_switch" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_alert_switch_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_alert_subject_uq" ON "channel_alert" USING btree ("company_id","kind","subject","day");--> statement-breakpoint
CREATE INDEX "channel_alert_company_day_idx" ON "channel_alert" USING btree ("company_id","day");