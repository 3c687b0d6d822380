-- Issue 32, item 5 (docs/decisions/090): 高佣, the company's line in 元 per home for a listing's
-- estimated commission; the console's 报备设置 edits it (0 to 10,000,000 by the shared schema).
ALTER TABLE "company" ADD COLUMN "high_commission_yuan" integer DEFAULT 30000 NOT NULL;