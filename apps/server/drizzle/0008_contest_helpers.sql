CREATE TABLE "contest_ac_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_ac_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" bigint NOT NULL,
	"pid" bigint NOT NULL,
	"uid" text NOT NULL,
	"submit_id" bigint NOT NULL,
	"submit_time" timestamp with time zone NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"uid" text,
	"username" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_prints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_prints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" bigint NOT NULL,
	"uid" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_ac_records" ADD CONSTRAINT "contest_ac_records_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ac_records" ADD CONSTRAINT "contest_ac_records_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcements" ADD CONSTRAINT "contest_announcements_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcements" ADD CONSTRAINT "contest_announcements_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_prints" ADD CONSTRAINT "contest_prints_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_prints" ADD CONSTRAINT "contest_prints_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_ac_records_uq" ON "contest_ac_records" USING btree ("cid","uid","pid");--> statement-breakpoint
CREATE INDEX "contest_ac_records_list_idx" ON "contest_ac_records" USING btree ("cid","checked","submit_time");--> statement-breakpoint
CREATE INDEX "contest_announcements_cid_idx" ON "contest_announcements" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contest_prints_cid_idx" ON "contest_prints" USING btree ("cid","status","id");--> statement-breakpoint
CREATE INDEX "contest_prints_uid_idx" ON "contest_prints" USING btree ("cid","uid","gmt_create");