-- Remote judges (issue 27, docs/remote-judges.md): the account pool (password sealed with AES-256-GCM, the busy job
-- and submission while a judgehost uses it), a remote problem's id and page on its site, a submission's run id and
-- account there, and the OJ of a remote job (leased only by judgehosts that take remote jobs).
CREATE TABLE "remote_judge_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_judge_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"oj" text NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"busy_job_id" bigint,
	"busy_submit_id" bigint,
	"claimed_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "remote_problem_id" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "remote_url" text;--> statement-breakpoint
ALTER TABLE "judge_jobs" ADD COLUMN "remote_oj" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "remote_run_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "remote_account_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_judge_accounts_oj_user_uq" ON "remote_judge_accounts" USING btree ("oj","username");--> statement-breakpoint
CREATE INDEX "remote_judge_accounts_free_idx" ON "remote_judge_accounts" USING btree ("oj","enabled","busy_job_id");