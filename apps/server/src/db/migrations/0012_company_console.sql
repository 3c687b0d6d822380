-- Issue 15 (docs/decisions/039): what the operator console edits of a company besides its brand:
-- the agreement text, the defaults of new listings, the WeChat switch, and the version of
-- optimistic concurrency (every console change adds one).
ALTER TABLE "company" ADD COLUMN "agreement" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "default_protect_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "default_report_lead_time" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "wechat_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;