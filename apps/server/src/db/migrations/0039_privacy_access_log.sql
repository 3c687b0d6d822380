-- Issue 33, item 2 (docs/decisions/092): the access log of full phone numbers (append-only: the
-- trigger below refuses UPDATE and DELETE).
CREATE TABLE "pii_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"actor" text NOT NULL,
	"phone_key" text NOT NULL,
	"phone_masked" text NOT NULL,
	"record_id" integer,
	"customer_id" integer,
	"route" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pii_access_log" ADD CONSTRAINT "pii_access_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pii_access_log_company_created_idx" ON "pii_access_log" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pii_access_log_company_phone_idx" ON "pii_access_log" USING btree ("company_id","phone_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pii_access_log_company_user_idx" ON "pii_access_log" USING btree ("company_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pii_access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'pii_access_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pii_access_log_append_only"
	BEFORE UPDATE OR DELETE ON "pii_access_log"
	FOR EACH ROW
	EXECUTE FUNCTION "pii_access_log_append_only"();
