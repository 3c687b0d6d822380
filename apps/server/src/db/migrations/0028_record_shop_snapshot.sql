-- Issue 28, item 3: a report keeps the shop (二级公司) it was made under. Until now every view read
-- the reporter's current shop, so moving a broker to another shop manager rewrote their old
-- reports. The shop is now written on the report at submit.
ALTER TABLE "record" ADD COLUMN "shop_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The reports made before: the shop of the shop manager they were made under (shop_manager_id,
-- kept since the first migration), the best fact there is of the shop at the time; the
-- reporter's own shop where no manager was recorded.
UPDATE "record" r SET "shop_name" = coalesce(
  nullif((SELECT m."shop_name" FROM "user" m WHERE m."id" = r."shop_manager_id"), ''),
  (SELECT u."shop_name" FROM "user" u WHERE u."id" = r."reporter_id"),
  '');
