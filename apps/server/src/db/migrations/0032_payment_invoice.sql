-- Issue 30, item 6 (docs/decisions/082): the invoice reference (发票号) of a commission payment,
-- '' when none; trimmed and at most 64 characters by the shared schema.
ALTER TABLE "commission_payment" ADD COLUMN "invoice_no" text DEFAULT '' NOT NULL;
