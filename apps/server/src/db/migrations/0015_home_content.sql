-- Issue 15, item 5 (docs/decisions/042): the console edits the home content. A banner gains its
-- active period (null: open), a navigation item its city (null: every city, as banners and
-- columns), a city its enabled switch; every edited row a version for optimistic concurrency.
ALTER TABLE "index_banner" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "index_banner" ADD COLUMN "end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "index_banner" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "index_nav" ADD COLUMN "city_id" integer REFERENCES "city"("id");--> statement-breakpoint
ALTER TABLE "index_nav" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "index_column" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "city" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "city" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
