-- Issue 13 (docs/decisions/041): the report lists' tab counts under a date range (近3个月, the
-- console's presets) for the dense scopes, without reading every report of the range.
-- record_day_tally is record_tally with the Shanghai day of the report's creation: a range of
-- whole days sums the rows of its days. Only the scopes with many reports per day are kept here
-- ('company', 'distributor', 'shop', 'auditor'); a broker's own range is a short range of
-- record_reporter_idx, which a day tally (about one row per report) would not shorten.
-- The same trigger function as record_tally writes both, insert-only (+1 / -1 rows), and the
-- reader folds a key's rows when they pile up.
CREATE TABLE "record_day_tally" (
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "record_day_tally_scope_idx" ON "record_day_tally" USING btree ("company_id","scope","scope_id","day","status","n");--> statement-breakpoint
LOCK TABLE "record" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
		SELECT OLD.company_id, k.scope, k.id, OLD.status, -1
		FROM (VALUES ('company', 0), ('reporter', OLD.reporter_id), ('distributor', OLD.distributor_id), ('shop', OLD.shop_manager_id), ('auditor', OLD.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
		INSERT INTO "record_day_tally" ("company_id", "scope", "scope_id", "day", "status", "n")
		SELECT OLD.company_id, k.scope, k.id, (OLD.created_at AT TIME ZONE 'Asia/Shanghai')::date, OLD.status, -1
		FROM (VALUES ('company', 0), ('distributor', OLD.distributor_id), ('shop', OLD.shop_manager_id), ('auditor', OLD.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
		SELECT NEW.company_id, k.scope, k.id, NEW.status, 1
		FROM (VALUES ('company', 0), ('reporter', NEW.reporter_id), ('distributor', NEW.distributor_id), ('shop', NEW.shop_manager_id), ('auditor', NEW.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
		INSERT INTO "record_day_tally" ("company_id", "scope", "scope_id", "day", "status", "n")
		SELECT NEW.company_id, k.scope, k.id, (NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, NEW.status, 1
		FROM (VALUES ('company', 0), ('distributor', NEW.distributor_id), ('shop', NEW.shop_manager_id), ('auditor', NEW.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- created_at never changes; a change of it would still be counted, as a new row under its day.
DROP TRIGGER "record_tally_update" ON "record";--> statement-breakpoint
CREATE TRIGGER "record_tally_update" AFTER UPDATE OF "status", "company_id", "reporter_id", "distributor_id", "shop_manager_id", "auditor_id", "created_at" ON "record" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id
		OR OLD.reporter_id IS DISTINCT FROM NEW.reporter_id OR OLD.distributor_id IS DISTINCT FROM NEW.distributor_id
		OR OLD.shop_manager_id IS DISTINCT FROM NEW.shop_manager_id OR OLD.auditor_id IS DISTINCT FROM NEW.auditor_id
		OR OLD.created_at IS DISTINCT FROM NEW.created_at)
	EXECUTE FUNCTION "record_tally_sync"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_tally_rebuild"(only_company integer) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "record_tally" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
	SELECT r.company_id, k.scope, k.id, r.status, count(*)::int
	FROM "record" r
	CROSS JOIN LATERAL (VALUES ('company', 0), ('reporter', r.reporter_id), ('distributor', r.distributor_id), ('shop', r.shop_manager_id), ('auditor', r.auditor_id)) AS k(scope, id)
	WHERE k.id IS NOT NULL AND (only_company IS NULL OR r.company_id = only_company)
	GROUP BY r.company_id, k.scope, k.id, r.status;
	DELETE FROM "record_day_tally" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "record_day_tally" ("company_id", "scope", "scope_id", "day", "status", "n")
	SELECT r.company_id, k.scope, k.id, (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.status, count(*)::int
	FROM "record" r
	CROSS JOIN LATERAL (VALUES ('company', 0), ('distributor', r.distributor_id), ('shop', r.shop_manager_id), ('auditor', r.auditor_id)) AS k(scope, id)
	WHERE k.id IS NOT NULL AND (only_company IS NULL OR r.company_id = only_company)
	GROUP BY r.company_id, k.scope, k.id, 4, r.status;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "record_tally";
	DELETE FROM "record_day_tally";
	RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "record_tally_rebuild"(NULL);
