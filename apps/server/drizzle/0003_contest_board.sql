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
CREATE INDEX "submissions_contest_cell_idx" ON "submissions" USING btree ("cid","uid","pid") WHERE "submissions"."cid" > 0;--> statement-breakpoint
CREATE FUNCTION "contest_cells_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contest_cells" WHERE "cid" = OLD."cid";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contest_boards_drop_cells" AFTER DELETE ON "contest_boards" FOR EACH ROW EXECUTE FUNCTION "contest_cells_drop"();
