-- Issue 17, item 4 (docs/decisions/054): notifications. A message is written in the transaction
-- of what caused it (a report's status move, a dynamic, a new report, the protection warning, a
-- registration's review), one row per recipient, with the recipients chosen in SQL; the external
-- channels (WeChat template message, SMS) are an outbox beside it, sent by the message-delivery
-- job after the cause committed, retried with backoff.
CREATE TABLE "message" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"record_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A report removed by hand keeps its messages, without the link (the message centre shows them, tapping opens nothing).
ALTER TABLE "message" ADD CONSTRAINT "message_record_id_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The message centre's page (newest first, keyset on id) and its unread count.
CREATE INDEX "message_user_idx" ON "message" USING btree ("user_id","id" DESC);--> statement-breakpoint
CREATE INDEX "message_user_unread_idx" ON "message" USING btree ("user_id","id" DESC) WHERE "read_at" IS NULL;--> statement-breakpoint
-- One row per message and external channel: pending until sent, failed after the last retry,
-- skipped when it cannot go (no template configured, the user unbound meanwhile).
CREATE TABLE "message_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_delivery_channel_check" CHECK ("channel" in ('wechat', 'sms')),
	CONSTRAINT "message_delivery_state_check" CHECK ("state" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "message_delivery" ADD CONSTRAINT "message_delivery_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_delivery_channel_uq" ON "message_delivery" USING btree ("message_id","channel");--> statement-breakpoint
CREATE INDEX "message_delivery_pending_idx" ON "message_delivery" USING btree ("next_attempt_at","id") WHERE "state" = 'pending';--> statement-breakpoint
-- The kinds a user turned off (消息设置): no message of these kinds, on any channel.
CREATE TABLE "user_message_setting" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"disabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_message_setting_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "user_message_setting" ADD CONSTRAINT "user_message_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The kinds the company also sends by SMS (the console's 短信通知); none by default.
ALTER TABLE "company" ADD COLUMN "sms_notify_kinds" text[] DEFAULT '{}' NOT NULL;
