-- Issue 31 (docs/decisions/087): 数据驾驶舱's kept counts. channel_tally holds signed sums per
-- Shanghai day, dimension key and measure (the list: packages/shared/src/rules/channel-dashboard.ts).
-- As record_tally (migration 0014), triggers only ever INSERT rows, in the writer's transaction:
-- the facts a report gave before a write with -1, the facts it gives after with +1, netted per
-- key and measure so an unchanged fact writes nothing. The dashboard module's job folds them.
-- The status lists below are the shared rules' (channel-tally.test.ts holds them to it):
-- reached 已到访: VISIT and the deal's steps (statusesReaching('visited'), decision 012);
-- reached 成交: MAKEBARGAIN, MAKEBARGAINCLOSE, MAKEBARGAINCOMPLETE (statusesReaching('deal'));
-- a live deal: MAKEBARGAIN, MAKEBARGAINCOMPLETE (DEAL_STATUSES); 已过保护期: the stored end with
-- a status whose protection runs out (EXPIRING_STATUSES, isReportExpired).
CREATE TABLE "duplicate_refusal" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"house_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"distributor_id" integer,
	"shop_manager_id" integer,
	"customer_phone_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_rank_day" (
	"company_id" integer NOT NULL,
	"dim" text NOT NULL,
	"dim_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"reported" integer NOT NULL,
	"arrived" integer NOT NULL,
	"dealt" integer NOT NULL,
	"deals" integer NOT NULL,
	"deal_value" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"fresh" boolean DEFAULT true NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_rank_month" (
	"company_id" integer NOT NULL,
	"dim" text NOT NULL,
	"dim_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"reported" integer NOT NULL,
	"arrived" integer NOT NULL,
	"dealt" integer NOT NULL,
	"deals" integer NOT NULL,
	"deal_value" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"fresh" boolean DEFAULT true NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_tally" (
	"company_id" integer NOT NULL,
	"dim" text NOT NULL,
	"dim_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"n" bigint NOT NULL,
	"fresh" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_refusal" ADD CONSTRAINT "duplicate_refusal_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_refusal" ADD CONSTRAINT "duplicate_refusal_house_id_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."house"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_refusal" ADD CONSTRAINT "duplicate_refusal_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_refusal_company_idx" ON "duplicate_refusal" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_rank_day_idx" ON "channel_rank_day" USING btree ("company_id","dim","day","dim_id","reported","arrived","dealt","deals","deal_value","commission");--> statement-breakpoint
CREATE INDEX "channel_rank_day_owner_idx" ON "channel_rank_day" USING btree ("company_id","distributor_id","dim","day","shop_id","dim_id","reported","arrived","dealt","deals","deal_value","commission");--> statement-breakpoint
CREATE INDEX "channel_rank_day_fresh_idx" ON "channel_rank_day" USING btree ("company_id","day") WHERE "channel_rank_day"."fresh";--> statement-breakpoint
CREATE INDEX "channel_rank_month_idx" ON "channel_rank_month" USING btree ("company_id","dim","month","dim_id","reported","arrived","dealt","deals","deal_value","commission");--> statement-breakpoint
CREATE INDEX "channel_rank_month_owner_idx" ON "channel_rank_month" USING btree ("company_id","distributor_id","dim","month","shop_id","dim_id","reported","arrived","dealt","deals","deal_value","commission");--> statement-breakpoint
CREATE INDEX "channel_rank_month_fresh_idx" ON "channel_rank_month" USING btree ("company_id","month") WHERE "channel_rank_month"."fresh";--> statement-breakpoint
CREATE INDEX "channel_tally_key_idx" ON "channel_tally" USING btree ("company_id","dim","dim_id","day","measure","n");--> statement-breakpoint
CREATE INDEX "channel_tally_fresh_idx" ON "channel_tally" USING btree ("company_id","day") WHERE "channel_tally"."fresh";--> statement-breakpoint
-- The keys a report's facts are kept under: the company, its listing's city, the listing, the
-- auditor, the distributor, the shop and the broker, each with the distributor and shop that
-- scope it; a key whose id is null (no auditor, no distributor) is skipped.
CREATE FUNCTION "channel_keys"(p_house integer, p_reporter integer, p_distributor integer, p_shop integer, p_auditor integer)
RETURNS TABLE ("dim" text, "dim_id" integer, "distributor_id" integer, "shop_id" integer) LANGUAGE sql STABLE AS $$
	SELECT k.dim, k.id, k.dist, k.shop
	FROM (VALUES
		('company', 0, 0, 0),
		('city', (SELECT h.city_id FROM "house" h WHERE h.id = p_house), 0, 0),
		('house', p_house, 0, 0),
		('auditor', p_auditor, 0, 0),
		('distributor', p_distributor, coalesce(p_distributor, 0), 0),
		('shop', p_shop, coalesce(p_distributor, 0), coalesce(p_shop, 0)),
		('reporter', p_reporter, coalesce(p_distributor, 0), coalesce(p_shop, 0)),
		('house_shop', p_house, coalesce(p_distributor, 0), coalesce(p_shop, 0))
	) AS k(dim, id, dist, shop)
	WHERE k.id IS NOT NULL
$$;--> statement-breakpoint
-- What one report counts, times p_sign, under each of its keys. The first-audit histogram is kept
-- for the company and the auditor only (its buckets: FIRST_AUDIT_BOUNDS_S).
CREATE FUNCTION "channel_facts"(
	p_company integer, p_created timestamptz, p_status text, p_visit timestamptz, p_expired timestamptz,
	p_approval text, p_operated timestamptz, p_audited timestamptz,
	p_house integer, p_reporter integer, p_distributor integer, p_shop integer, p_auditor integer,
	p_signed date, p_price bigint, p_owed bigint, p_settled boolean, p_sign integer)
RETURNS TABLE ("company_id" integer, "dim" text, "dim_id" integer, "distributor_id" integer, "shop_id" integer, "day" date, "measure" text, "n" bigint)
LANGUAGE sql STABLE AS $$
	WITH r AS (
		SELECT (p_created AT TIME ZONE 'Asia/Shanghai')::date AS created_day,
			p_status IN ('VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE') AS arrived,
			p_status IN ('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE') AS dealt,
			p_status IN ('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE') AND p_signed IS NOT NULL AS live_deal,
			extract(epoch FROM p_audited - p_created) AS audit_s
	)
	SELECT p_company, k.dim, k.dim_id, k.distributor_id, k.shop_id, f.day, f.measure, f.n * p_sign
	FROM r
	CROSS JOIN LATERAL (VALUES
		('reported', r.created_day, 1::bigint, false),
		('arrived', CASE WHEN r.arrived THEN r.created_day END, 1, false),
		('dealt', CASE WHEN r.dealt THEN r.created_day END, 1, false),
		('settled', CASE WHEN r.dealt AND p_settled THEN r.created_day END, 1, false),
		('visits', CASE WHEN r.arrived THEN (coalesce(p_visit, p_created) AT TIME ZONE 'Asia/Shanghai')::date END, 1, false),
		('deals', CASE WHEN r.live_deal THEN p_signed END, 1, false),
		('deal_value', CASE WHEN r.live_deal THEN p_signed END, p_price, false),
		('commission', CASE WHEN r.live_deal THEN p_signed END, p_owed, false),
		('expired', CASE WHEN p_expired IS NOT NULL AND p_status IN ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT')
			THEN (p_expired AT TIME ZONE 'Asia/Shanghai')::date END, 1, false),
		('visit_first', CASE WHEN p_status = 'RECORDCLOSE' AND p_approval = '到访为王：该客户已由其他渠道确认到访，本报备关闭'
			THEN (coalesce(p_operated, p_created) AT TIME ZONE 'Asia/Shanghai')::date END, 1, false),
		('fa' || CASE
			WHEN r.audit_s < 60 THEN 0 WHEN r.audit_s < 300 THEN 1 WHEN r.audit_s < 900 THEN 2 WHEN r.audit_s < 1800 THEN 3
			WHEN r.audit_s < 3600 THEN 4 WHEN r.audit_s < 7200 THEN 5 WHEN r.audit_s < 14400 THEN 6 WHEN r.audit_s < 28800 THEN 7
			WHEN r.audit_s < 86400 THEN 8 WHEN r.audit_s < 172800 THEN 9 WHEN r.audit_s < 259200 THEN 10 ELSE 11 END,
			CASE WHEN p_audited IS NOT NULL THEN r.created_day END, 1, true)
	) AS f(measure, day, n, audit_only)
	CROSS JOIN LATERAL "channel_keys"(p_house, p_reporter, p_distributor, p_shop, p_auditor) k
	WHERE f.day IS NOT NULL AND f.n <> 0 AND (NOT f.audit_only OR k.dim IN ('company', 'auditor'))
$$;--> statement-breakpoint
-- A report's facts with its deal's (none: nulls), for the triggers below.
CREATE FUNCTION "channel_report_facts"(r public."record", d public."record_deal", p_sign integer)
RETURNS TABLE ("company_id" integer, "dim" text, "dim_id" integer, "distributor_id" integer, "shop_id" integer, "day" date, "measure" text, "n" bigint)
LANGUAGE sql STABLE AS $$
	SELECT * FROM "channel_facts"(r.company_id, r.created_at, r.status, r.visit_time, r.protection_expired_at,
		r.approval_result, r.operate_at, r.audit_at, r.house_id, r.reporter_id, r.distributor_id, r.shop_manager_id, r.auditor_id,
		d.signed_on, d.total_price_fen, coalesce(d.adjusted_commission_fen, d.commission_fen), d.settlement_state = 'SETTLED', p_sign)
$$;--> statement-breakpoint
LOCK TABLE "record" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "record_deal" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "commission_payment" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "channel_tally_record_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d public."record_deal";
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT * INTO d FROM "record_deal" WHERE "record_id" = NEW.id;
		INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n") SELECT * FROM "channel_report_facts"(NEW, d, 1);
	ELSIF TG_OP = 'DELETE' THEN
		SELECT * INTO d FROM "record_deal" WHERE "record_id" = OLD.id;
		INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n") SELECT * FROM "channel_report_facts"(OLD, d, -1);
	ELSE
		SELECT * INTO d FROM "record_deal" WHERE "record_id" = NEW.id;
		INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n")
		SELECT f.company_id, f.dim, f.dim_id, f.distributor_id, f.shop_id, f.day, f.measure, sum(f.n)::bigint
		FROM (SELECT * FROM "channel_report_facts"(OLD, d, -1) UNION ALL SELECT * FROM "channel_report_facts"(NEW, d, 1)) f
		GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(f.n) <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_record_insert" AFTER INSERT ON "record" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_record_sync"();--> statement-breakpoint
-- Only a change of a counted column: versions and remarks call nothing.
CREATE TRIGGER "channel_tally_record_update" AFTER UPDATE ON "record" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
		OR OLD.visit_time IS DISTINCT FROM NEW.visit_time OR OLD.protection_expired_at IS DISTINCT FROM NEW.protection_expired_at
		OR OLD.approval_result IS DISTINCT FROM NEW.approval_result OR OLD.operate_at IS DISTINCT FROM NEW.operate_at
		OR OLD.audit_at IS DISTINCT FROM NEW.audit_at OR OLD.house_id IS DISTINCT FROM NEW.house_id
		OR OLD.reporter_id IS DISTINCT FROM NEW.reporter_id OR OLD.distributor_id IS DISTINCT FROM NEW.distributor_id
		OR OLD.shop_manager_id IS DISTINCT FROM NEW.shop_manager_id OR OLD.auditor_id IS DISTINCT FROM NEW.auditor_id)
	EXECUTE FUNCTION "channel_tally_record_sync"();--> statement-breakpoint
CREATE TRIGGER "channel_tally_record_delete" AFTER DELETE ON "record" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_record_sync"();--> statement-breakpoint
CREATE FUNCTION "channel_tally_deal_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r public."record";
	none public."record_deal";
BEGIN
	SELECT * INTO r FROM "record" WHERE "id" = coalesce(NEW.record_id, OLD.record_id);
	IF NOT FOUND THEN RETURN NULL; END IF;
	INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n")
	SELECT f.company_id, f.dim, f.dim_id, f.distributor_id, f.shop_id, f.day, f.measure, sum(f.n)::bigint
	FROM (
		SELECT * FROM "channel_report_facts"(r, CASE WHEN TG_OP = 'INSERT' THEN none ELSE OLD END, -1)
		UNION ALL SELECT * FROM "channel_report_facts"(r, CASE WHEN TG_OP = 'DELETE' THEN none ELSE NEW END, 1)
	) f
	GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(f.n) <> 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_deal_insert" AFTER INSERT ON "record_deal" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_deal_sync"();--> statement-breakpoint
CREATE TRIGGER "channel_tally_deal_update" AFTER UPDATE ON "record_deal" FOR EACH ROW
	WHEN (OLD.signed_on IS DISTINCT FROM NEW.signed_on OR OLD.total_price_fen IS DISTINCT FROM NEW.total_price_fen
		OR OLD.commission_fen IS DISTINCT FROM NEW.commission_fen OR OLD.adjusted_commission_fen IS DISTINCT FROM NEW.adjusted_commission_fen
		OR OLD.settlement_state IS DISTINCT FROM NEW.settlement_state OR OLD.record_id IS DISTINCT FROM NEW.record_id)
	EXECUTE FUNCTION "channel_tally_deal_sync"();--> statement-breakpoint
CREATE TRIGGER "channel_tally_deal_delete" AFTER DELETE ON "record_deal" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_deal_sync"();--> statement-breakpoint
-- A payment counts as 'paid' on its date while it is not reversed (冲销, decision 080).
CREATE FUNCTION "channel_payment_facts"(p_deal integer, p_paid_on date, p_amount bigint, p_sign integer)
RETURNS TABLE ("company_id" integer, "dim" text, "dim_id" integer, "distributor_id" integer, "shop_id" integer, "day" date, "measure" text, "n" bigint)
LANGUAGE sql STABLE AS $$
	SELECT r.company_id, k.dim, k.dim_id, k.distributor_id, k.shop_id, p_paid_on, 'paid', p_amount * p_sign
	FROM "record_deal" d
	JOIN "record" r ON r.id = d.record_id
	CROSS JOIN LATERAL "channel_keys"(r.house_id, r.reporter_id, r.distributor_id, r.shop_manager_id, r.auditor_id) k
	WHERE d.id = p_deal
$$;--> statement-breakpoint
CREATE FUNCTION "channel_tally_payment_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.reversed_at IS NULL THEN
		INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n") SELECT * FROM "channel_payment_facts"(OLD.deal_id, OLD.paid_on, OLD.amount_fen, -1);
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.reversed_at IS NULL THEN
		INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n") SELECT * FROM "channel_payment_facts"(NEW.deal_id, NEW.paid_on, NEW.amount_fen, 1);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_payment_insert" AFTER INSERT ON "commission_payment" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_payment_sync"();--> statement-breakpoint
CREATE TRIGGER "channel_tally_payment_update" AFTER UPDATE ON "commission_payment" FOR EACH ROW
	WHEN (OLD.reversed_at IS DISTINCT FROM NEW.reversed_at OR OLD.paid_on IS DISTINCT FROM NEW.paid_on
		OR OLD.amount_fen IS DISTINCT FROM NEW.amount_fen OR OLD.deal_id IS DISTINCT FROM NEW.deal_id)
	EXECUTE FUNCTION "channel_tally_payment_sync"();--> statement-breakpoint
CREATE TRIGGER "channel_tally_payment_delete" AFTER DELETE ON "commission_payment" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_payment_sync"();--> statement-breakpoint
CREATE FUNCTION "channel_tally_refusal_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n")
	SELECT NEW.company_id, k.dim, k.dim_id, k.distributor_id, k.shop_id, (NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, 'refused', 1
	FROM "channel_keys"(NEW.house_id, NEW.reporter_id, NEW.distributor_id, NEW.shop_manager_id, NULL) k;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_refusal_insert" AFTER INSERT ON "duplicate_refusal" FOR EACH ROW
	EXECUTE FUNCTION "channel_tally_refusal_sync"();--> statement-breakpoint
-- The tally from the reports, deals, payments and refusals themselves, for one company or (null)
-- all: the backfill below, and after a bulk load that ran with the triggers disabled (the bench).
CREATE FUNCTION "channel_tally_rebuild"(only_company integer) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "channel_tally" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "channel_tally" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "measure", "n", "fresh")
	SELECT f.company_id, f.dim, f.dim_id, f.distributor_id, f.shop_id, f.day, f.measure, sum(f.n)::bigint, false
	FROM (
		SELECT f.* FROM "record" r LEFT JOIN "record_deal" d ON d.record_id = r.id
		CROSS JOIN LATERAL "channel_report_facts"(r, d, 1) f
		WHERE only_company IS NULL OR r.company_id = only_company
		UNION ALL
		SELECT f.* FROM "commission_payment" p
		CROSS JOIN LATERAL "channel_payment_facts"(p.deal_id, p.paid_on, p.amount_fen, 1) f
		WHERE p.reversed_at IS NULL AND (only_company IS NULL OR p.company_id = only_company)
		UNION ALL
		SELECT x.company_id, k.dim, k.dim_id, k.distributor_id, k.shop_id, (x.created_at AT TIME ZONE 'Asia/Shanghai')::date, 'refused', 1
		FROM "duplicate_refusal" x
		CROSS JOIN LATERAL "channel_keys"(x.house_id, x.reporter_id, x.distributor_id, x.shop_manager_id, NULL) k
		WHERE only_company IS NULL OR x.company_id = only_company
	) f
	GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(f.n) <> 0;
	DELETE FROM "channel_rank_day" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "channel_rank_day" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "reported", "arrived", "dealt", "deals", "deal_value", "commission", "fresh")
	SELECT company_id, dim, dim_id, distributor_id, shop_id, day,
		coalesce(sum(n) FILTER (WHERE measure = 'reported'), 0), coalesce(sum(n) FILTER (WHERE measure = 'arrived'), 0),
		coalesce(sum(n) FILTER (WHERE measure = 'dealt'), 0), coalesce(sum(n) FILTER (WHERE measure = 'deals'), 0),
		coalesce(sum(n) FILTER (WHERE measure = 'deal_value'), 0), coalesce(sum(n) FILTER (WHERE measure = 'commission'), 0), false
	FROM "channel_tally"
	WHERE (only_company IS NULL OR "company_id" = only_company) AND dim IN ('distributor', 'shop', 'reporter', 'house', 'house_shop')
		AND measure IN ('reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission')
	GROUP BY 1, 2, 3, 4, 5, 6;
	DELETE FROM "channel_rank_month" WHERE only_company IS NULL OR "company_id" = only_company;
	INSERT INTO "channel_rank_month" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "month", "reported", "arrived", "dealt", "deals", "deal_value", "commission", "fresh")
	SELECT company_id, dim, dim_id, distributor_id, shop_id, date_trunc('month', day)::date,
		sum(reported), sum(arrived), sum(dealt), sum(deals), sum(deal_value), sum(commission), false
	FROM "channel_rank_day" WHERE only_company IS NULL OR "company_id" = only_company
	GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
-- Each insert of the writers' triggers also adds its ranking measures of the ranked keys to
-- channel_rank_day and channel_rank_month, one row per key and day (month) with the measures as
-- columns (the fold's own inserts are not fresh: they add nothing).
CREATE FUNCTION "channel_tally_rank_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "channel_rank_day" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "day", "reported", "arrived", "dealt", "deals", "deal_value", "commission")
	SELECT a.company_id, a.dim, a.dim_id, a.distributor_id, a.shop_id, a.day,
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'reported'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'arrived'), 0),
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'dealt'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'deals'), 0),
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'deal_value'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'commission'), 0)
	FROM added a
	WHERE a.fresh AND a.dim IN ('distributor', 'shop', 'reporter', 'house', 'house_shop')
		AND a.measure IN ('reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission')
	GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO "channel_rank_month" ("company_id", "dim", "dim_id", "distributor_id", "shop_id", "month", "reported", "arrived", "dealt", "deals", "deal_value", "commission")
	SELECT a.company_id, a.dim, a.dim_id, a.distributor_id, a.shop_id, date_trunc('month', a.day)::date,
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'reported'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'arrived'), 0),
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'dealt'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'deals'), 0),
		coalesce(sum(a.n) FILTER (WHERE a.measure = 'deal_value'), 0), coalesce(sum(a.n) FILTER (WHERE a.measure = 'commission'), 0)
	FROM added a
	WHERE a.fresh AND a.dim IN ('distributor', 'shop', 'reporter', 'house', 'house_shop')
		AND a.measure IN ('reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission')
	GROUP BY 1, 2, 3, 4, 5, 6;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_rank" AFTER INSERT ON "channel_tally" REFERENCING NEW TABLE AS added FOR EACH STATEMENT
	EXECUTE FUNCTION "channel_tally_rank_sync"();--> statement-breakpoint
-- A ranking sums tens of thousands of short rows: on two cores a parallel plan doubled its time.
-- (This stops parallel scans of the tables, not a Parallel Append of a union's branches: the
-- ranking's statement runs with max_parallel_workers_per_gather = 0, channel-repository.ts.)
ALTER TABLE "channel_rank_day" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "channel_rank_month" SET (parallel_workers = 0);--> statement-breakpoint
CREATE FUNCTION "channel_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "channel_tally";
	DELETE FROM "channel_rank_day";
	DELETE FROM "channel_rank_month";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_tally_truncate" AFTER TRUNCATE ON "record" FOR EACH STATEMENT
	EXECUTE FUNCTION "channel_tally_clear"();--> statement-breakpoint
SELECT "channel_tally_rebuild"(NULL);
