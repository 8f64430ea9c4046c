-- State of long admin work shared by every server process and instance (issue 28, docs/operations.md "Progress of
-- long work", docs/api-admin.md "Files and the scaled mode"): the progress records polled through
-- GET /api/admin/progress, keyed by (uid, id), and the accounts of "generate users" awaiting download for 30
-- minutes (passwords sealed with AES-256-GCM, lib/secret-box.ts). Both were one process's memory before.
CREATE TABLE "admin_progress" (
	"uid" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"state" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_ids" jsonb,
	CONSTRAINT "admin_progress_uid_id_pk" PRIMARY KEY("uid","id")
);
--> statement-breakpoint
CREATE TABLE "generated_accounts" (
	"key" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accounts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_progress_updated_idx" ON "admin_progress" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "generated_accounts_created_idx" ON "generated_accounts" USING btree ("created_at");