-- Issue 33, item 1 (docs/decisions/095): the company's privacy policy ('' shows the built-in one), and
-- the customer's separate consent to proof pictures, recorded with them. Pictures uploaded before
-- keep a null: their consent was never asked, and is not claimed now.
ALTER TABLE "company" ADD COLUMN "privacy_policy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_image" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "record" ADD COLUMN "pic_consent_at" timestamp with time zone;