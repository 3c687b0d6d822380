-- Issue 13, item 4 (docs/decisions/030): the submit picks the auditor with the fewest open
-- reports from a kept count instead of counting the record table. Open: any status but
-- RECORDCLOSE, MAKEBARGAINCLOSE and MAKEBARGAINCOMPLETE. Triggers on "record" keep the count
-- in the transaction of every write that opens or closes a report for an auditor (insert,
-- status change, reassignment, delete), whoever writes it: the app, the seed, an import; a
-- trigger on "user" gives every AUDITOR a row (zero) from the start.
CREATE TABLE "auditor_open_report" (
	"auditor_id" integer PRIMARY KEY NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "auditor_open_report" ADD CONSTRAINT "auditor_open_report_auditor_id_user_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Writers of "record" wait until the count is built, so none is missed between the backfill
-- and the triggers (CREATE TRIGGER takes this lock too; taken first, it is held to the end).
LOCK TABLE "record" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "auditor_open_report_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_open boolean := false;
	is_open boolean := false;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		was_open := OLD.auditor_id IS NOT NULL AND OLD.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE');
	END IF;
	IF TG_OP <> 'DELETE' THEN
		is_open := NEW.auditor_id IS NOT NULL AND NEW.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE');
	END IF;
	IF was_open AND is_open AND OLD.auditor_id = NEW.auditor_id THEN
		RETURN NULL;
	END IF;
	-- A reassignment touches two counts: the lower auditor id first, so two opposite
	-- reassignments never wait on each other in a circle.
	IF was_open AND is_open AND NEW.auditor_id < OLD.auditor_id THEN
		INSERT INTO "auditor_open_report" AS c ("auditor_id", "open_count") VALUES (NEW.auditor_id, 1)
			ON CONFLICT ("auditor_id") DO UPDATE SET "open_count" = c."open_count" + 1;
		is_open := false;
	END IF;
	IF was_open THEN
		UPDATE "auditor_open_report" SET "open_count" = "open_count" - 1 WHERE "auditor_id" = OLD.auditor_id;
	END IF;
	IF is_open THEN
		INSERT INTO "auditor_open_report" AS c ("auditor_id", "open_count") VALUES (NEW.auditor_id, 1)
			ON CONFLICT ("auditor_id") DO UPDATE SET "open_count" = c."open_count" + 1;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The WHEN clauses keep every other write of "record" (version, audit times, a status change
-- between two open statuses) from calling the function at all.
CREATE TRIGGER "record_open_count_insert" AFTER INSERT ON "record" FOR EACH ROW
	WHEN (NEW.auditor_id IS NOT NULL AND NEW.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'))
	EXECUTE FUNCTION "auditor_open_report_sync"();--> statement-breakpoint
CREATE TRIGGER "record_open_count_update" AFTER UPDATE OF "status", "auditor_id" ON "record" FOR EACH ROW
	WHEN (OLD.auditor_id IS DISTINCT FROM NEW.auditor_id
		OR (OLD.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'))
			<> (NEW.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE')))
	EXECUTE FUNCTION "auditor_open_report_sync"();--> statement-breakpoint
CREATE TRIGGER "record_open_count_delete" AFTER DELETE ON "record" FOR EACH ROW
	WHEN (OLD.auditor_id IS NOT NULL AND OLD.status NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'))
	EXECUTE FUNCTION "auditor_open_report_sync"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: with the reports gone, every count is zero.
CREATE FUNCTION "auditor_open_report_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "auditor_open_report" SET "open_count" = 0 WHERE "open_count" <> 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "record_open_count_truncate" AFTER TRUNCATE ON "record" FOR EACH STATEMENT
	EXECUTE FUNCTION "auditor_open_report_clear"();--> statement-breakpoint
-- Every AUDITOR has a count row from the start (zero), so the submit's pick sees each one
-- without first adding the rows that are missing.
CREATE FUNCTION "auditor_open_report_for_auditor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "auditor_open_report" ("auditor_id", "open_count") VALUES (NEW.id, 0) ON CONFLICT ("auditor_id") DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_auditor_open_count" AFTER INSERT OR UPDATE OF "role" ON "user" FOR EACH ROW
	WHEN (NEW.role = 'AUDITOR')
	EXECUTE FUNCTION "auditor_open_report_for_auditor"();--> statement-breakpoint
-- The counts of the reports already there, and a zero for every AUDITOR without open reports.
INSERT INTO "auditor_open_report" ("auditor_id", "open_count")
SELECT "auditor_id", count(*)::int FROM "record"
WHERE "auditor_id" IS NOT NULL AND "status" NOT IN ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE')
GROUP BY "auditor_id";--> statement-breakpoint
INSERT INTO "auditor_open_report" ("auditor_id", "open_count")
SELECT "id", 0 FROM "user" WHERE "role" = 'AUDITOR'
ON CONFLICT ("auditor_id") DO NOTHING;
