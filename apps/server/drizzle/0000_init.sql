CREATE TABLE "compile_checks" (
	"key" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"mode" text DEFAULT 'spj' NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"extra_files" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"uid" text,
	"status" integer DEFAULT 0 NOT NULL,
	"cid" bigint,
	"gid" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"gid" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pid" bigint NOT NULL,
	"lid" bigint NOT NULL,
	"code" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "languages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"compile_command" text DEFAULT '' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"code_template" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT 'text/plain' NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"is_spj" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_languages" (
	"pid" bigint NOT NULL,
	"lid" bigint NOT NULL,
	CONSTRAINT "problem_languages_pid_lid_pk" PRIMARY KEY("pid","lid")
);
--> statement-breakpoint
CREATE TABLE "problem_solutions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problem_solutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pid" bigint NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_tags" (
	"pid" bigint NOT NULL,
	"tid" bigint NOT NULL,
	CONSTRAINT "problem_tags_pid_tid_pk" PRIMARY KEY("pid","tid")
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"problem_id" text NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"time_limit" integer DEFAULT 1000 NOT NULL,
	"memory_limit" integer DEFAULT 256 NOT NULL,
	"stack_limit" integer DEFAULT 128 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input" text DEFAULT '' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 1 NOT NULL,
	"io_score" integer DEFAULT 100 NOT NULL,
	"code_share" boolean DEFAULT true NOT NULL,
	"judge_mode" text DEFAULT 'default' NOT NULL,
	"judge_case_mode" text DEFAULT 'default' NOT NULL,
	"spj_code" text,
	"spj_language" text,
	"spj_protocol" text DEFAULT 'testlib' NOT NULL,
	"user_extra_file" jsonb,
	"judge_extra_file" jsonb,
	"is_remove_end_blank" boolean DEFAULT true NOT NULL,
	"open_case_result" boolean DEFAULT true NOT NULL,
	"is_upload_case" boolean DEFAULT true NOT NULL,
	"is_file_io" boolean DEFAULT false NOT NULL,
	"io_read_file_name" text,
	"io_write_file_name" text,
	"is_remote" boolean DEFAULT false NOT NULL,
	"remote_oj" text,
	"gid" bigint,
	"apply_public_progress" integer,
	"case_version" text DEFAULT '0' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"modified_user" text,
	"count_total" integer DEFAULT 0 NOT NULL,
	"count_ac" integer DEFAULT 0 NOT NULL,
	"count_wa" integer DEFAULT 0 NOT NULL,
	"count_ce" integer DEFAULT 0 NOT NULL,
	"count_pa" integer DEFAULT 0 NOT NULL,
	"count_tle" integer DEFAULT 0 NOT NULL,
	"count_mle" integer DEFAULT 0 NOT NULL,
	"count_re" integer DEFAULT 0 NOT NULL,
	"count_pe" integer DEFAULT 0 NOT NULL,
	"count_se" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_classifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_classifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text DEFAULT '#409eff' NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"gid" bigint,
	"classification_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testcases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testcases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pid" bigint NOT NULL,
	"index" integer NOT NULL,
	"input_name" text NOT NULL,
	"output_name" text NOT NULL,
	"input_hash" text NOT NULL,
	"output_hash" text NOT NULL,
	"input_size" integer NOT NULL,
	"output_size" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"group_num" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_records" (
	"uid" text PRIMARY KEY NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_cases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "judge_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submit_id" bigint NOT NULL,
	"case_index" integer NOT NULL,
	"status" integer NOT NULL,
	"time" integer,
	"memory" integer,
	"score" integer,
	"group_num" integer,
	"input_data" text,
	"output_data" text,
	"user_output" text,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "judge_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "judge_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"submit_id" bigint,
	"test_key" text,
	"language" text DEFAULT '' NOT NULL,
	"submission_version" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"judgehost_id" text,
	"lease_expires" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judgehosts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"cpu_count" integer DEFAULT 1 NOT NULL,
	"workers" integer DEFAULT 1 NOT NULL,
	"running" integer DEFAULT 0 NOT NULL,
	"load" real DEFAULT 0 NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_heartbeat" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pid" bigint NOT NULL,
	"display_pid" text NOT NULL,
	"uid" text NOT NULL,
	"username" text NOT NULL,
	"cid" bigint DEFAULT 0 NOT NULL,
	"cpid" bigint,
	"gid" bigint,
	"tid" bigint,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"length" integer NOT NULL,
	"status" integer DEFAULT 5 NOT NULL,
	"score" integer,
	"oi_rank_score" integer,
	"time" integer,
	"memory" integer,
	"error_message" text,
	"judger" text,
	"ip" text DEFAULT '' NOT NULL,
	"share" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"counted_status" integer,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"judge_start" timestamp with time zone,
	"judge_end" timestamp with time zone,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_judges" (
	"key" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"pid" bigint,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"user_input" text NOT NULL,
	"expected_output" text,
	"status" integer DEFAULT 5 NOT NULL,
	"user_output" text,
	"stderr" text,
	"error_message" text,
	"time" integer,
	"memory" integer,
	"problem_judge_mode" text DEFAULT 'default' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"mobile" text,
	"nickname" text DEFAULT '' NOT NULL,
	"realname" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'secrecy' NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"course" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"github" text DEFAULT '' NOT NULL,
	"blog" text DEFAULT '' NOT NULL,
	"cf_username" text DEFAULT '' NOT NULL,
	"avatar" text,
	"title_name" text,
	"title_color" text,
	"role" integer DEFAULT 1002 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"recent_login_time" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compile_checks" ADD CONSTRAINT "compile_checks_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_templates" ADD CONSTRAINT "code_templates_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_templates" ADD CONSTRAINT "code_templates_lid_languages_id_fk" FOREIGN KEY ("lid") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_languages" ADD CONSTRAINT "problem_languages_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_languages" ADD CONSTRAINT "problem_languages_lid_languages_id_fk" FOREIGN KEY ("lid") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_solutions" ADD CONSTRAINT "problem_solutions_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tags" ADD CONSTRAINT "problem_tags_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tags" ADD CONSTRAINT "problem_tags_tid_tags_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_classification_id_tag_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."tag_classifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testcases" ADD CONSTRAINT "testcases_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_records" ADD CONSTRAINT "user_records_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_cases" ADD CONSTRAINT "judge_cases_submit_id_submissions_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_judges" ADD CONSTRAINT "test_judges_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_judges" ADD CONSTRAINT "test_judges_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compile_checks_uid_idx" ON "compile_checks" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE INDEX "announcements_list_idx" ON "announcements" USING btree ("cid","gid","status","gmt_create");--> statement-breakpoint
CREATE INDEX "files_type_idx" ON "files" USING btree ("type","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "code_templates_pid_lid_uq" ON "code_templates" USING btree ("pid","lid");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_name_uq" ON "languages" USING btree ("oj","name");--> statement-breakpoint
CREATE INDEX "problem_solutions_pid_idx" ON "problem_solutions" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "problem_tags_tid_idx" ON "problem_tags" USING btree ("tid");--> statement-breakpoint
CREATE UNIQUE INDEX "problems_problem_id_uq" ON "problems" USING btree (upper("problem_id"));--> statement-breakpoint
CREATE INDEX "problems_list_idx" ON "problems" USING btree ("auth","is_group","id");--> statement-breakpoint
CREATE INDEX "problems_gid_idx" ON "problems" USING btree ("gid");--> statement-breakpoint
CREATE INDEX "problems_difficulty_idx" ON "problems" USING btree ("difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("oj","name",coalesce("gid", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "testcases_pid_index_uq" ON "testcases" USING btree ("pid","index");--> statement-breakpoint
CREATE INDEX "user_records_acm_idx" ON "user_records" USING btree ("ac" DESC,"total","uid");--> statement-breakpoint
CREATE INDEX "user_records_oi_idx" ON "user_records" USING btree ("score" DESC,"uid");--> statement-breakpoint
CREATE INDEX "judge_cases_submit_idx" ON "judge_cases" USING btree ("submit_id","case_index");--> statement-breakpoint
CREATE INDEX "judge_jobs_queue_idx" ON "judge_jobs" USING btree ("kind","state","priority","id");--> statement-breakpoint
CREATE INDEX "judge_jobs_lease_idx" ON "judge_jobs" USING btree ("state","lease_expires");--> statement-breakpoint
CREATE INDEX "judge_jobs_submit_idx" ON "judge_jobs" USING btree ("submit_id");--> statement-breakpoint
CREATE INDEX "submissions_uid_idx" ON "submissions" USING btree ("uid","id");--> statement-breakpoint
CREATE INDEX "submissions_username_idx" ON "submissions" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "submissions_pid_idx" ON "submissions" USING btree ("pid","id");--> statement-breakpoint
CREATE INDEX "submissions_cid_idx" ON "submissions" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "submissions_gid_idx" ON "submissions" USING btree ("gid","id");--> statement-breakpoint
CREATE INDEX "submissions_time_idx" ON "submissions" USING btree ("submit_time");--> statement-breakpoint
CREATE INDEX "test_judges_uid_idx" ON "test_judges" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE INDEX "sessions_uid_idx" ON "sessions" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("purpose","target");