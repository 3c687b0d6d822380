-- Keys this deployment generates for itself when none is configured (issue 10, item 3):
-- made once, kept in the database so they survive restarts and every instance shares them.
CREATE TABLE "instance_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
