-- Issue 16, item 2 (docs/decisions/047): the console's accounts. An account row gains a version
-- (optimistic concurrency of the console's edits) and its change time; an auditor may be limited
-- to listings or cities (auditor_scope: one row per listing or city; none means every report),
-- which the submit's auditor pick reads for the listing of each report it assigns.
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "auditor_scope" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL REFERENCES "company"("id"),
  "auditor_id" integer NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "house_id" integer REFERENCES "house"("id") ON DELETE CASCADE,
  "city_id" integer REFERENCES "city"("id") ON DELETE CASCADE,
  CONSTRAINT "auditor_scope_one_target" CHECK (("house_id" IS NULL) <> ("city_id" IS NULL))
);--> statement-breakpoint
-- The pick probes an auditor's rows (any, or the listing's or its city's) by auditor first.
CREATE INDEX "auditor_scope_auditor_idx" ON "auditor_scope" ("auditor_id", "house_id", "city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auditor_scope_house_uq" ON "auditor_scope" ("auditor_id", "house_id") WHERE "house_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "auditor_scope_city_uq" ON "auditor_scope" ("auditor_id", "city_id") WHERE "city_id" IS NOT NULL;
