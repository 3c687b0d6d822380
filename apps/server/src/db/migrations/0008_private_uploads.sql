-- Issue 10, item 10 (docs/decisions/018): every upload is public or private. New uploads
-- say which when stored; existing ones are private unless a public place shows them
-- (an avatar, a listing's pictures, the home banners, the company's branding).
ALTER TABLE "upload" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
UPDATE "upload" SET "visibility" = 'public'
WHERE '/uploads/' || "storage_key" IN (
  SELECT "avatar" FROM "user"
  UNION SELECT "pic_url" FROM "house_picture"
  UNION SELECT "type_thumb" FROM "house_unit_type"
  UNION SELECT "building_diagram" FROM "house"
  UNION SELECT "image" FROM "index_banner"
  UNION SELECT "logo" FROM "company"
  UNION SELECT "sub_logo" FROM "company"
  UNION SELECT "favicon" FROM "company"
);--> statement-breakpoint
CREATE INDEX "upload_user_created_idx" ON "upload" USING btree ("company_id","user_id","created_at");
