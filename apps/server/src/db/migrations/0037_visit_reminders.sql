-- Issue 32, items 2 and 6 (docs/decisions/089): 到访提醒 (the company's lead, the report's
-- reminded time and the due index), 待到访's scope indexes, and the external list's index by
-- listing, status and expected visit (record_house_status_idx with the visit time and id).
-- The new column is in no trigger's column list or WHEN clause (record_tally_update lists its
-- columns; channel_tally_record_update's WHEN does not name it): marking a reminder fires no tally.
DROP INDEX "record_house_status_idx";--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "visit_reminder_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "record" ADD COLUMN "visit_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "record_house_status_visit_idx" ON "record" USING btree ("company_id","house_id","status","estimated_visit_time","id");--> statement-breakpoint
CREATE INDEX "record_reporter_waiting_idx" ON "record" USING btree ("company_id","reporter_id","estimated_visit_time","id") WHERE "record"."status" in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE');--> statement-breakpoint
CREATE INDEX "record_shop_manager_waiting_idx" ON "record" USING btree ("company_id","shop_manager_id","estimated_visit_time","id") WHERE "record"."status" in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE');--> statement-breakpoint
CREATE INDEX "record_distributor_waiting_idx" ON "record" USING btree ("company_id","distributor_id","estimated_visit_time","id") WHERE "record"."status" in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE');--> statement-breakpoint
CREATE INDEX "record_visit_reminder_due_idx" ON "record" USING btree ("estimated_visit_time","id") WHERE "record"."visit_reminded_at" is null and "record"."protection_expired_at" is null and "record"."status" in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE');