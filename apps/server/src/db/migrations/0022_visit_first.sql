-- Issue 17, item 3 (docs/decisions/053): 到访为王 per listing. REPORT_FIRST is today's rule (the
-- first report protects its customer); VISIT_FIRST lets several distributors report one customer,
-- the first confirmed arrival wins and the other open reports of that customer close.
ALTER TABLE "house" ADD COLUMN "protection_mode" text DEFAULT 'REPORT_FIRST' NOT NULL;--> statement-breakpoint
ALTER TABLE "house" ADD CONSTRAINT "house_protection_mode_check" CHECK ("protection_mode" IN ('REPORT_FIRST', 'VISIT_FIRST'));
