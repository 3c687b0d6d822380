-- Issue 33, items 3 and 4 (docs/decisions/093): 数据保留's company settings (retention_months,
-- picture_retention_months), the report's and customer's anonymised markers and the retention job's
-- due indexes, 个人信息请求's table (pii_request: a keyed hash of the phone, never the phone) and the
-- finder's indexes (a phone's reports, a report's messages). The new record columns are in no
-- trigger's column list or WHEN clause (record_tally_update lists its columns; channel_tally_record_update's
-- WHEN names neither them nor the customer's name, phone or pictures): anonymising fires no tally.
CREATE TABLE "pii_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone_key" text NOT NULL,
	"action" text NOT NULL,
	"operator_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pii_request_action_check" CHECK ("pii_request"."action" in ('export', 'anonymise'))
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "picture_retention_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "record" ADD COLUMN "pictures_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "record" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pii_request" ADD CONSTRAINT "pii_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pii_request" ADD CONSTRAINT "pii_request_operator_id_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pii_request_company_idx" ON "pii_request" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "record_retention_due_idx" ON "record" USING btree ("company_id",coalesce("operate_at", "created_at"),"id") WHERE "record"."anonymised_at" is null and "record"."status" in ('RECORDCLOSE', 'MAKEBARGAINCLOSE');--> statement-breakpoint
CREATE INDEX "record_picture_retention_due_idx" ON "record" USING btree ("company_id",coalesce("operate_at", "created_at"),"id") WHERE "record"."pictures_removed_at" is null and "record"."status" in ('RECORDCLOSE', 'MAKEBARGAINCLOSE');--> statement-breakpoint
CREATE INDEX "record_customer_phone_idx" ON "record" USING btree ("company_id","customer_phone");--> statement-breakpoint
CREATE INDEX "message_record_idx" ON "message" USING btree ("record_id");