-- Issue 17, item 1 (docs/decisions/056): the console's 后台任务 page. A failed job about one
-- company's data (a report's protection warning, a message's delivery) keeps that company, so its
-- operator sees it; a job of the whole instance (the minute's protection expiry) keeps none and is
-- the platform administrator's alone.
ALTER TABLE "job_failure" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "job_failure" ADD CONSTRAINT "job_failure_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An operator's page: its company's failures newest first.
CREATE INDEX "job_failure_company_failed_idx" ON "job_failure" ("company_id", "failed_at" DESC, "id" DESC);
