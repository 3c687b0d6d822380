-- Issue 33, items 3 and 4 (docs/decisions/095): a person's request and 数据保留 unlink the access log's
-- rows from the customer's number. The log stays append-only but for that one change: phone_key to
-- 'unlinked', every other column as it was, in a transaction that set baobei.pii_unlink. DELETE and
-- any other UPDATE are refused as before.
CREATE OR REPLACE FUNCTION "pii_access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND current_setting('baobei.pii_unlink', true) = 'on'
		AND NEW."phone_key" = 'unlinked' AND OLD."phone_key" <> 'unlinked'
		AND (NEW."id", NEW."company_id", NEW."user_id", NEW."actor", NEW."phone_masked", NEW."record_id", NEW."customer_id", NEW."route", NEW."created_at")
			IS NOT DISTINCT FROM (OLD."id", OLD."company_id", OLD."user_id", OLD."actor", OLD."phone_masked", OLD."record_id", OLD."customer_id", OLD."route", OLD."created_at")
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'pii_access_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
