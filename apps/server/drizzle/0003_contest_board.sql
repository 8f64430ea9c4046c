CREATE TABLE "contest_boards" (
	"cid" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"seal_rank_time" timestamp with time zone,
	"oi_rank_score_type" text,
	"type" integer,
	"rebuilt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contest_cells" (
	"cid" bigint NOT NULL,
	"uid" text NOT NULL,
	"pid" bigint NOT NULL,
	"r_count" integer DEFAULT 0 NOT NULL,
	"ac_ms" bigint,
	"r_wrong" integer DEFAULT 0 NOT NULL,
	"e_wrong" integer DEFAULT 0 NOT NULL,
	"s_wrong" integer DEFAULT 0 NOT NULL,
	"r_pending" integer DEFAULT 0 NOT NULL,
	"e_pending" integer DEFAULT 0 NOT NULL,
	"s_pending" integer DEFAULT 0 NOT NULL,
	"r_score" integer,
	"e_score" integer,
	"s_score" integer,
	"r_time" integer,
	"e_time" integer,
	"s_time" integer,
	"frozen" integer DEFAULT 0 NOT NULL,
	"frozen_end" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contest_cells_cid_uid_pid_pk" PRIMARY KEY("cid","uid","pid")
);
--> statement-breakpoint
ALTER TABLE "contest_boards" ADD CONSTRAINT "contest_boards_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_cells" ADD CONSTRAINT "contest_cells_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_cells" ADD CONSTRAINT "contest_cells_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_cells_uid_idx" ON "contest_cells" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "submissions_contest_cell_idx" ON "submissions" USING btree ("cid","uid","pid") WHERE "submissions"."cid" > 0;