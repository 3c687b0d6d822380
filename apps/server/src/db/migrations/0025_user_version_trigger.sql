-- An account's version (migration 0017, docs/decisions/047) is the console's optimistic lock. It
-- was raised only by the console's own edits, so a change made elsewhere (the user's 个人信息 on
-- the phone, a shop manager's staff edit or unbind, an auditor's on-duty switch, a distributor's
-- disabling) left it as it was, and a console edit opened before that change overwrote it without
-- a 409. One rule for every writer: a change of a column the console shows raises the version.
-- The console's update still sets version + 1 itself; the trigger's OLD.version + 1 is the same
-- single step.
CREATE OR REPLACE FUNCTION "user_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	NEW.updated_at := now();
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_version_bump"
	BEFORE UPDATE OF "role", "distributor_id", "distributor_control", "shop_name", "manager_id", "name", "phone", "sex", "manage_area", "vacation", "active" ON "user"
	FOR EACH ROW
	WHEN ((OLD."role", OLD."distributor_id", OLD."distributor_control", OLD."shop_name", OLD."manager_id", OLD."name", OLD."phone", OLD."sex", OLD."manage_area", OLD."vacation", OLD."active")
		IS DISTINCT FROM (NEW."role", NEW."distributor_id", NEW."distributor_control", NEW."shop_name", NEW."manager_id", NEW."name", NEW."phone", NEW."sex", NEW."manage_area", NEW."vacation", NEW."active"))
	EXECUTE FUNCTION "user_version_bump"();
