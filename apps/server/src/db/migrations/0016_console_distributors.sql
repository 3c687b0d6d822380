-- Issue 16, item 1 (docs/decisions/046): the console edits, disables and enables distributors.
-- `active` as user.active and house.active (false: 已停用, its people cannot sign in); when and by
-- whom it was last disabled; the version of optimistic concurrency (every console change adds one).
ALTER TABLE "distributor" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "distributor" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributor" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "distributor" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
