CREATE TABLE "wechat_credential_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "favorite_user_created_idx" ON "favorite" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "share_visit_house_idx" ON "share_visit" USING btree ("company_id","share_user_id","house_id","created_at");