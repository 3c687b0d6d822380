-- Issue 30, item 1: the console manages a company's 楼盘特色 (docs/decisions/078). A feature can be
-- retired: no longer offered as a choice, still shown on the listings that have it. `version`
-- guards the console's edits like the other console rows.
ALTER TABLE "house_feature" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "house_feature" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;