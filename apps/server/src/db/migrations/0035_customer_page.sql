-- Issue 32, item 1 (docs/decisions/088): a customer's page. 跟进记录 (customer_follow_up, read
-- newest first per customer), the customer's 意向 (level, budget, area, layout, free tags) and an
-- index for a customer's reports across listings.
CREATE TABLE "customer_follow_up" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_follow_up_kind_check" CHECK ("customer_follow_up"."kind" in ('PHONE', 'WECHAT', 'VISIT', 'OTHER')),
	CONSTRAINT "customer_follow_up_note_check" CHECK (char_length("customer_follow_up"."note") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "intent_level" text;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "intent_budget" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "intent_area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "intent_layout" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "intent_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_follow_up" ADD CONSTRAINT "customer_follow_up_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_follow_up" ADD CONSTRAINT "customer_follow_up_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_follow_up" ADD CONSTRAINT "customer_follow_up_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_follow_up_customer_idx" ON "customer_follow_up" USING btree ("customer_id","happened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "record_customer_idx" ON "record" USING btree ("customer_id","created_at","id");--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_intent_level_check" CHECK ("customer"."intent_level" in ('HIGH', 'MEDIUM', 'LOW'));--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_intent_limits_check" CHECK (char_length("customer"."intent_budget") <= 20 and char_length("customer"."intent_area") <= 30 and char_length("customer"."intent_layout") <= 20 and jsonb_typeof("customer"."intent_tags") = 'array' and jsonb_array_length("customer"."intent_tags") <= 10);