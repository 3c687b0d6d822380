-- Issue 26, item 9 (docs/decisions/062): every upload says what it was uploaded for, and a
-- picture is attached only where its purpose belongs (an avatar is never a customer's proof).
-- Existing uploads: an anonymous one is a registration's licence; a public one is the avatar or
-- the console picture a place shows, else by its uploader (a console account's is a console
-- picture, anyone else's an avatar); every other upload is a private proof of its uploader.
ALTER TABLE "upload" ADD COLUMN "purpose" text DEFAULT 'picture' NOT NULL;--> statement-breakpoint
UPDATE "upload" SET "purpose" = CASE
  WHEN "user_id" IS NULL THEN 'licence'
  WHEN "visibility" <> 'public' THEN 'picture'
  WHEN '/uploads/' || "storage_key" IN (SELECT "avatar" FROM "user") THEN 'avatar'
  WHEN '/uploads/' || "storage_key" IN (
    SELECT "pic_url" FROM "house_picture"
    UNION SELECT "type_thumb" FROM "house_unit_type"
    UNION SELECT "building_diagram" FROM "house"
    UNION SELECT "image" FROM "index_banner"
    UNION SELECT "icon" FROM "index_nav"
    UNION SELECT "logo" FROM "company"
    UNION SELECT "sub_logo" FROM "company"
    UNION SELECT "favicon" FROM "company"
  ) THEN 'console'
  WHEN "user_id" IN (SELECT "id" FROM "user" WHERE "role" IN ('OPERATOR', 'PLATFORM_ADMIN')) THEN 'console'
  ELSE 'avatar'
END;
