CREATE TABLE "contest_clarification_reads" (
	"clarification_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"gmt_read" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_clarification_reads_clarification_id_uid_pk" PRIMARY KEY("clarification_id","uid")
);
--> statement-breakpoint
CREATE TABLE "contest_clarifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_clarifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cid" bigint NOT NULL,
	"pid" bigint,
	"display_id" text,
	"uid" text,
	"username" text DEFAULT '' NOT NULL,
	"question" text,
	"answer" text,
	"public" boolean DEFAULT false NOT NULL,
	"answer_uid" text,
	"answer_username" text DEFAULT '' NOT NULL,
	"announcement_id" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_answered" timestamp with time zone,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_clarification_reads" ADD CONSTRAINT "contest_clarification_reads_clarification_id_contest_clarifications_id_fk" FOREIGN KEY ("clarification_id") REFERENCES "public"."contest_clarifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarification_reads" ADD CONSTRAINT "contest_clarification_reads_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_answer_uid_users_uid_fk" FOREIGN KEY ("answer_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_announcement_id_contest_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."contest_announcements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_clarification_reads_uid_idx" ON "contest_clarification_reads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "contest_clarifications_cid_idx" ON "contest_clarifications" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contest_clarifications_asker_idx" ON "contest_clarifications" USING btree ("cid","uid","gmt_create");