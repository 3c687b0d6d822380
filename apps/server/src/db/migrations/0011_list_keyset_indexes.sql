-- Issue 13, item 3 (docs/decisions/016): lists flat at any depth and with any filter.
-- Keyset paging seeks past the cursor's row, `(created_at, id) < (…)`, on the index of the
-- viewer's scope, so each scope's index ends in created_at, id. status comes last so the tabs'
-- grouped count reads the index only (an index-only scan of the scope), never the table.
DROP INDEX "record_reporter_idx";--> statement-breakpoint
CREATE INDEX "record_reporter_idx" ON "record" USING btree ("company_id","reporter_id","created_at","id","status");--> statement-breakpoint
DROP INDEX "record_distributor_idx";--> statement-breakpoint
CREATE INDEX "record_distributor_idx" ON "record" USING btree ("company_id","distributor_id","created_at","id","status");--> statement-breakpoint
DROP INDEX "record_shop_manager_idx";--> statement-breakpoint
CREATE INDEX "record_shop_manager_idx" ON "record" USING btree ("company_id","shop_manager_id","created_at","id","status");--> statement-breakpoint
DROP INDEX "record_auditor_created_idx";--> statement-breakpoint
CREATE INDEX "record_auditor_created_idx" ON "record" USING btree ("company_id","auditor_id","created_at","id","status");--> statement-breakpoint
DROP INDEX "record_company_created_idx";--> statement-breakpoint
CREATE INDEX "record_company_created_idx" ON "record" USING btree ("company_id","created_at","id","status");--> statement-breakpoint
DROP INDEX "record_company_status_idx";--> statement-breakpoint
CREATE INDEX "record_company_status_idx" ON "record" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
-- The report lists' keyword: a substring of the customer's name, of the phone as entered, or of
-- the phone as the developer side reads it on a MASKED listing (hidePhone, written exactly as in
-- record-tracking-repository.ts). pg_trgm is there since 0001. fastupdate off as for listings
-- (docs/decisions/005): no pending list that every search reads until a vacuum.
CREATE INDEX "record_customer_name_trgm_idx" ON "record" USING gin ("customer_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "record_customer_phone_trgm_idx" ON "record" USING gin ("customer_phone" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "record_hidden_phone_trgm_idx" ON "record" USING gin ((case when "customer_phone" = '' then '' when length("customer_phone") > 7 then left("customer_phone", 3) || '****' || right("customer_phone", 4) else '****' end) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The house list: its listings on sale in list order (a seek for the cursor, an index-only
-- count for the first page), and the company's MASKED listings the developer side's keyword reads.
DROP INDEX "house_company_sort_idx";--> statement-breakpoint
CREATE INDEX "house_active_sort_idx" ON "house" USING btree ("company_id","sort","id") WHERE "active";--> statement-breakpoint
CREATE INDEX "house_masked_idx" ON "house" USING btree ("company_id","id") WHERE "rule_tel" = 'MASKED';--> statement-breakpoint
-- Favourites newest first, the cursor (created_at, house_id).
DROP INDEX "favorite_user_created_idx";--> statement-breakpoint
CREATE INDEX "favorite_user_created_idx" ON "favorite" USING btree ("user_id","created_at","house_id");
