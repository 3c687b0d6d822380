-- Issue 17, item 5 (docs/decisions/052): the deal an auditor records at 成交 and its commission
-- (结佣). Money is integer 分 (bigint); the policy used is kept as a snapshot, so a later edit of
-- the listing's policies never changes a recorded commission. paid_fen and settlement_state are
-- the sum of the deal's payments and the state from it, written in the same transaction as each
-- payment (the lists' pending and settled sums read them without summing payments).
-- The broker's, shop's and company's lists join record and filter it with the report lists' own
-- scope (access/scopes.ts recordScope) through record's scope indexes; record_deal is reached by
-- its record_id.
CREATE TABLE "record_deal" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"building" text NOT NULL,
	"room" text NOT NULL,
	"floor_area" numeric(10, 2) NOT NULL,
	"total_price_fen" bigint NOT NULL,
	"signed_on" date NOT NULL,
	"contract_picture" text NOT NULL,
	"property_type" text NOT NULL,
	"policy_id" integer,
	"policy_snapshot" jsonb,
	"base_fen" bigint NOT NULL,
	"incentive_fen" bigint NOT NULL,
	"commission_fen" bigint NOT NULL,
	"adjusted_commission_fen" bigint,
	"adjust_reason" text DEFAULT '' NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"settlement_state" text DEFAULT 'PENDING' NOT NULL,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_deal_paid_check" CHECK ("paid_fen" >= 0 AND "paid_fen" <= coalesce("adjusted_commission_fen", "commission_fen"))
);--> statement-breakpoint
CREATE TABLE "commission_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_payment_amount_check" CHECK ("amount_fen" > 0)
);--> statement-breakpoint
ALTER TABLE "record_deal" ADD CONSTRAINT "record_deal_record_id_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_deal" ADD CONSTRAINT "record_deal_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_deal" ADD CONSTRAINT "record_deal_policy_id_commission_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."commission_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_deal" ADD CONSTRAINT "record_deal_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD CONSTRAINT "commission_payment_deal_id_record_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."record_deal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD CONSTRAINT "commission_payment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD CONSTRAINT "commission_payment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_deal_record_idx" ON "record_deal" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_deal_company_idx" ON "record_deal" USING btree ("company_id","signed_on","id");--> statement-breakpoint
CREATE INDEX "commission_payment_deal_idx" ON "commission_payment" USING btree ("deal_id","paid_on","id");
