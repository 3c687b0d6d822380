-- Issue 30, item 2 (docs/decisions/080): a payment of a deal's commission can be reversed (冲销)
-- with a reason. It is kept, never deleted; record_deal.paid_fen no longer counts it.
ALTER TABLE "commission_payment" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD COLUMN "reverse_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_payment" ADD CONSTRAINT "commission_payment_reversed_by_user_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;