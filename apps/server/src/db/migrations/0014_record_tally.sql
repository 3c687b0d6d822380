-- Issue 13, item 3 (docs/decisions/041): the report lists' tab counts without reading the
-- scope. record_tally holds signed counts of reports per scope key and status: 'company' (id 0,
-- AUDITORADMIN), 'reporter' (我的订单 of brokers and shop managers), 'distributor' (the general
-- account's 公司订单, the channel roles as a sum of their distributors), 'shop' (a shop manager's
-- 公司订单) and 'auditor'. A scope's count per status is the sum of its rows.
-- Triggers on "record" only ever INSERT rows (+1 for the new status, -1 for the old): no row is
-- updated in the writer's transaction, so concurrent submits never wait on a count (a kept
-- counter row per company would serialise them, decision 016). The reader folds a key's rows
-- into one per status when they have piled up (foldTally in record-tracking-repository.ts),
-- in a statement of its own.
CREATE TABLE "record_tally" (
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "record_tally_scope_idx" ON "record_tally" USING btree ("company_id","scope","scope_id","status","n");--> statement-breakpoint
-- Writers of "record" wait until the tally is built, so none is missed between the backfill and
-- the triggers (as migration 0010).
LOCK TABLE "record" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "record_tally_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
		SELECT OLD.company_id, k.scope, k.id, OLD.status, -1
		FROM (VALUES ('company', 0), ('reporter', OLD.reporter_id), ('distributor', OLD.distributor_id), ('shop', OLD.shop_manager_id), ('auditor', OLD.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
		SELECT NEW.company_id, k.scope, k.id, NEW.status, 1
		FROM (VALUES ('company', 0), ('reporter', NEW.reporter_id), ('distributor', NEW.distributor_id), ('shop', NEW.shop_manager_id), ('auditor', NEW.auditor_id)) AS k(scope, id)
		WHERE k.id IS NOT NULL;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "record_tally_insert" AFTER INSERT ON "record" FOR EACH ROW
	EXECUTE FUNCTION "record_tally_sync"();--> statement-breakpoint
-- Only a change of a counted column: versions, audit times and remarks call nothing.
CREATE TRIGGER "record_tally_update" AFTER UPDATE OF "status", "company_id", "reporter_id", "distributor_id", "shop_manager_id", "auditor_id" ON "record" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id
		OR OLD.reporter_id IS DISTINCT FROM NEW.reporter_id OR OLD.distributor_id IS DISTINCT FROM NEW.distributor_id
		OR OLD.shop_manager_id IS DISTINCT FROM NEW.shop_manager_id OR OLD.auditor_id IS DISTINCT FROM NEW.auditor_id)
	EXECUTE FUNCTION "record_tally_sync"();--> statement-breakpoint
CREATE TRIGGER "record_tally_delete" AFTER DELETE ON "record" FOR EACH ROW
	EXECUTE FUNCTION "record_tally_sync"();--> statement-breakpoint
-- The tally from the reports themselves, for one company or (null) all: the backfill below, and
-- after a bulk load that ran with the triggers disabled (the bench). TRUNCATE of "record" fires no
-- row trigger: it empties the tally too.
CREATE FUNCTION "record_tally_rebuild"(only_company integer) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "record_tally" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "record_tally" ("company_id", "scope", "scope_id", "status", "n")
	SELECT r.company_id, k.scope, k.id, r.status, count(*)::int
	FROM "record" r
	CROSS JOIN LATERAL (VALUES ('company', 0), ('reporter', r.reporter_id), ('distributor', r.distributor_id), ('shop', r.shop_manager_id), ('auditor', r.auditor_id)) AS k(scope, id)
	WHERE k.id IS NOT NULL AND (only_company IS NULL OR r.company_id = only_company)
	GROUP BY r.company_id, k.scope, k.id, r.status;
$$;--> statement-breakpoint
CREATE FUNCTION "record_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "record_tally";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "record_tally_truncate" AFTER TRUNCATE ON "record" FOR EACH STATEMENT
	EXECUTE FUNCTION "record_tally_clear"();--> statement-breakpoint
SELECT "record_tally_rebuild"(NULL);
--> statement-breakpoint
-- The listing keyword of one or two characters (docs/decisions/041): pg_trgm has no trigram for
-- it, so the house list read every listing of the company with LIKE. text_grams is the text's
-- characters and pairs of characters, lower-cased; a keyword's own grams contained in a listing's
-- is necessary for the keyword to be a substring (lower-cased, as ILIKE compares) of its name or
-- address, and the LIKE / ILIKE stays as the exact condition. A plain SQL function and a GIN
-- array index: PGlite has them as PostgreSQL does (no extension).
CREATE FUNCTION "text_grams"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
	SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
		SELECT substr(lower(t), i, 1) AS g FROM generate_series(1, char_length(t)) i
		UNION ALL
		SELECT substr(lower(t), i, 2) FROM generate_series(1, char_length(t) - 1) i
	) s
$$;--> statement-breakpoint
CREATE INDEX "house_grams_idx" ON "house" USING gin ((text_grams("name") || text_grams("building_address"))) WITH (fastupdate=false);
