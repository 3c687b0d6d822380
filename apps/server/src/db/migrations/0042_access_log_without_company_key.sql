-- Issue 33, item 2 (docs/decisions/092): the access log's insert runs in every answer that shows full
-- numbers. Its foreign key on the company checked and share-locked the company row once per row
-- logged, about a quarter of the insert's time; like the user and the report, the company is named
-- without one (rows are only ever written with the request's own company).
ALTER TABLE "pii_access_log" DROP CONSTRAINT "pii_access_log_company_id_company_id_fk";
