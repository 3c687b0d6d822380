DROP INDEX "record_shop_manager_idx";--> statement-breakpoint
CREATE INDEX "record_company_created_idx" ON "record" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "record_auditor_created_idx" ON "record" USING btree ("company_id","auditor_id","created_at");--> statement-breakpoint
CREATE INDEX "record_shop_manager_idx" ON "record" USING btree ("company_id","shop_manager_id","created_at");