-- Issue 16, items 5 and 6 (docs/decisions/050): the console's feedback inbox and audit log viewer.
-- A feedback message gains its handled state (who, when, an optional note) and a version; the
-- inbox lists a company's messages newest first, and counts the unhandled ones on a partial index.
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" integer REFERENCES "user"("id");--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handle_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "feedback_company_created_idx" ON "feedback" ("company_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "feedback_company_unhandled_idx" ON "feedback" ("company_id", "created_at" DESC, "id" DESC) WHERE "handled_at" IS NULL;--> statement-breakpoint
-- The audit log viewer pages by (created_at, id) newest first, alone or filtered by actor,
-- action or object; each filter has an index that ends in the page's order, so a page is a seek.
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" ("company_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_idx" ON "audit_log" ("company_id", "actor_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_company_action_idx" ON "audit_log" ("company_id", "action", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_company_object_idx" ON "audit_log" ("company_id", "entity", "entity_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The object index starts with (company_id, entity, entity_id): the older index adds nothing.
DROP INDEX IF EXISTS "audit_log_entity_idx";
