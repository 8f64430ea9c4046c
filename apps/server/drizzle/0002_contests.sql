CREATE TABLE "contest_problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" bigint NOT NULL,
	"pid" bigint NOT NULL,
	"display_id" text NOT NULL,
	"display_title" text DEFAULT '' NOT NULL,
	"color" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_registers" (
	"cid" bigint NOT NULL,
	"uid" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_registers_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 0 NOT NULL,
	"pwd" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"seal_rank" boolean DEFAULT false NOT NULL,
	"seal_rank_time" timestamp with time zone,
	"auto_real_rank" boolean DEFAULT true NOT NULL,
	"open_rank" boolean DEFAULT false NOT NULL,
	"open_print" boolean DEFAULT false NOT NULL,
	"allow_end_submit" boolean DEFAULT false NOT NULL,
	"rank_show_name" text DEFAULT 'username' NOT NULL,
	"open_account_limit" boolean DEFAULT false NOT NULL,
	"account_limit_rule" text,
	"star_account" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oi_rank_score_type" text DEFAULT 'Recent' NOT NULL,
	"award_type" integer DEFAULT 0 NOT NULL,
	"award_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"uid" text,
	"author" text DEFAULT '' NOT NULL,
	"gid" bigint,
	"is_group" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_problems" ADD CONSTRAINT "contest_problems_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problems" ADD CONSTRAINT "contest_problems_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_registers" ADD CONSTRAINT "contest_registers_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_registers" ADD CONSTRAINT "contest_registers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problems_display_uq" ON "contest_problems" USING btree ("cid",upper("display_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problems_pid_uq" ON "contest_problems" USING btree ("cid","pid");--> statement-breakpoint
CREATE INDEX "contest_problems_pid_idx" ON "contest_problems" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "contest_registers_uid_idx" ON "contest_registers" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "contests_list_idx" ON "contests" USING btree ("visible","start_time");--> statement-breakpoint
CREATE INDEX "contests_end_idx" ON "contests" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX "contests_uid_idx" ON "contests" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "contests_gid_idx" ON "contests" USING btree ("gid");