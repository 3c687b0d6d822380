-- Issue 11, item 4 (docs/decisions/022): the assigned auditor confirms a deal by default;
-- a company that wants a second pair of eyes on deals turns this on, and then only the
-- auditor admin confirms a deal (确认成交) or moves a confirmed one.
ALTER TABLE "company" ADD COLUMN "deal_confirm_by_admin" boolean DEFAULT false NOT NULL;
