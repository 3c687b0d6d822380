-- Issue 10, item 7: every check-then-insert rule is backed by a unique index, so racing calls
-- on PostgreSQL leave exactly one row. Rows left by earlier races are settled first.
-- One live customer per owner and phone: the later duplicates are soft-deleted (their reports keep them).
UPDATE "customer" c SET "deleted_at" = now()
WHERE c."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "customer" o
  WHERE o."company_id" = c."company_id" AND o."owner_id" = c."owner_id" AND o."phone" = c."phone"
    AND o."deleted_at" IS NULL AND o."id" < c."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_owner_phone_live_uq" ON "customer" USING btree ("company_id","owner_id","phone") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- One pending registration per phone and per credit code: the later duplicates are closed as rejected.
UPDATE "distributor_registration" r SET "status" = 'REJECTED', "reason" = '重复申请', "reviewed_at" = now()
WHERE r."status" = 'PENDING' AND EXISTS (
  SELECT 1 FROM "distributor_registration" o
  WHERE o."company_id" = r."company_id" AND o."status" = 'PENDING' AND o."id" < r."id"
    AND (o."manager_phone" = r."manager_phone" OR o."credit_no" = r."credit_no")
);--> statement-breakpoint
CREATE UNIQUE INDEX "registration_pending_phone_uq" ON "distributor_registration" USING btree ("company_id","manager_phone") WHERE "status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "registration_pending_credit_uq" ON "distributor_registration" USING btree ("company_id","credit_no") WHERE "status" = 'PENDING';--> statement-breakpoint
-- Item 9: a visitor counts once per sharer, listing, side and day. The key is the visitor's
-- account ('u:'), else openid ('o:'), else a hash of IP and user agent ('h:'); rows written
-- before this migration have no key and are left as they were.
ALTER TABLE "share_visit" ADD COLUMN "visitor_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_visit" ADD COLUMN "visit_day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "share_visit_daily_uq" ON "share_visit" USING btree ("company_id","share_user_id","house_id","side","visit_day","visitor_key") WHERE "visitor_key" <> '';
