-- Issue 26, item 13 (docs/decisions/063): the periodic jobs walk these indexes in bounded batches,
-- each batch an index range scan from where the last one stopped (a keyset), never a sort of all
-- that is due.
-- The report protection ends at protect_until for the waiting reports and for a visit without a
-- visit time: one index for both, ordered by (protect_until, id) so a batch's cursor seeks in it.
DROP INDEX IF EXISTS "record_report_protection_due_idx";--> statement-breakpoint
CREATE INDEX "record_report_protection_due_idx" ON "record" USING btree ("protect_until","id") WHERE "protection_expired_at" is null and ("status" in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') or ("status" = 'VISIT' and "visit_time" is null));--> statement-breakpoint
-- The viewing protection: the visits by (visit_time, id).
DROP INDEX IF EXISTS "record_viewing_protection_due_idx";--> statement-breakpoint
CREATE INDEX "record_viewing_protection_due_idx" ON "record" USING btree ("visit_time","id") WHERE "protection_expired_at" is null and "status" = 'VISIT';--> statement-breakpoint
-- The nightly housekeeping (docs/decisions/057) removes the messages older than its cutoff by
-- creation time: a range at the start of this index, however many messages are kept.
CREATE INDEX "message_created_idx" ON "message" USING btree ("created_at","id");
