-- Issue 17, items 1 and 2 (docs/decisions/051): protection expiry as a stored fact, the reporter's
-- warning before it, and the job queue's failure log.
-- A report's protection ends at its due time (protect_until while the customer has not visited;
-- visit_time plus the listing's take_look_protect_hours once visited); the protection job writes
-- that time here, and the duplicate rule, 重新报备 and the lists' 已过保护期 read it.
ALTER TABLE "record" ADD COLUMN "protection_expired_at" timestamp with time zone;--> statement-breakpoint
-- Set once, by the warning job, in the transaction that records the warning: it is sent once.
ALTER TABLE "record" ADD COLUMN "protection_warned_at" timestamp with time zone;--> statement-breakpoint
-- How long before a protection ends its reporter is warned (company setting, hours).
ALTER TABLE "company" ADD COLUMN "protection_warning_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
-- The job's due queries: the unexpired reports still waiting for the visit by their due time, and
-- the unexpired visited ones by their visit time. Both partial, so they hold only the live reports.
CREATE INDEX "record_report_protection_due_idx" ON "record" ("protect_until") WHERE "protection_expired_at" IS NULL AND "status" IN ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE');--> statement-breakpoint
CREATE INDEX "record_viewing_protection_due_idx" ON "record" ("visit_time") WHERE "protection_expired_at" IS NULL AND "status" = 'VISIT';--> statement-breakpoint
-- Every failed attempt of a queued job (the queue's own tables keep a job a few days; this log is
-- what a console page lists). Never the job's data: only its queue, id and the error's message.
CREATE TABLE "job_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"job_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"final" boolean NOT NULL,
	"error" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "job_failure_failed_idx" ON "job_failure" ("failed_at" DESC, "id" DESC);--> statement-breakpoint
-- What the lists showed as 已过保护期 before this migration becomes the stored fact at once.
UPDATE "record" SET "protection_expired_at" = "protect_until"
	WHERE "protection_expired_at" IS NULL AND "status" IN ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') AND "protect_until" <= now();
