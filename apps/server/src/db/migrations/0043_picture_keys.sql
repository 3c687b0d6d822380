-- Issue 34, item 2 (docs/decisions/098): a stored picture is its key's path '/uploads/<key>'; its
-- address is made when answering, from the storage settings of the day. The console stored the
-- address a bucket answered for its public pictures ('<origin>[/<bucket>]/public/<key>', a CDN's
-- with S3_PUBLIC_BASE_URL): each becomes its key's path. Anything else (the demo's '/assets/…',
-- a typed web address, '') stays as it is. Private pictures were stored as their path already.
UPDATE "company" SET "logo" = '/uploads/' || substring("logo" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "logo" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "company" SET "sub_logo" = '/uploads/' || substring("sub_logo" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "sub_logo" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "company" SET "favicon" = '/uploads/' || substring("favicon" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "favicon" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "index_banner" SET "image" = '/uploads/' || substring("image" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "image" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "index_nav" SET "icon" = '/uploads/' || substring("icon" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "icon" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "house_picture" SET "pic_url" = '/uploads/' || substring("pic_url" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "pic_url" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "house_feature" SET "icon" = '/uploads/' || substring("icon" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "icon" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';--> statement-breakpoint
UPDATE "user" SET "avatar" = '/uploads/' || substring("avatar" from '/public/([0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4})$')
	WHERE "avatar" ~ '^https?://[^/?#]+(/[^?#]*)?/public/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.[a-z]{3,4}$';
