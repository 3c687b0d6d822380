-- Issue 15, item 4: the console edits listings with optimistic concurrency, as the company's
-- brand (migration 0012): every console change of a listing adds one to its version.
ALTER TABLE "house" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
