CREATE TABLE "oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"browser_hash" text,
	"session_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_state" ADD CONSTRAINT "oauth_state_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_state_expiry_idx" ON "oauth_state" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_user_provider_uq" ON "user_identity" USING btree ("company_id","user_id","provider");