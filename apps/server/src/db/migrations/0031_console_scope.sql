-- Issue 30, item 8 (docs/decisions/081): an operator's console scope. Every existing account,
-- and so every existing operator, is 运营管理员 (ADMIN); the column is read for OPERATOR only.
ALTER TABLE "user" ADD COLUMN "console_scope" text DEFAULT 'ADMIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_console_scope_check" CHECK ("user"."console_scope" in ('ADMIN', 'FINANCE', 'CONTENT', 'READONLY'));