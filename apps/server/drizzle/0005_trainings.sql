CREATE TABLE "training_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text DEFAULT '#409EFF' NOT NULL,
	"gid" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tid" bigint NOT NULL,
	"pid" bigint NOT NULL,
	"display_id" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_records" (
	"tid" bigint NOT NULL,
	"uid" text NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"total_time" bigint DEFAULT 0 NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "training_records_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training_registers" (
	"tid" bigint NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_registers_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rank" integer DEFAULT 1000 NOT NULL,
	"auth" text DEFAULT 'Public' NOT NULL,
	"private_pwd" text,
	"category_id" bigint,
	"status" boolean DEFAULT true NOT NULL,
	"uid" text,
	"author" text DEFAULT '' NOT NULL,
	"gid" bigint,
	"is_group" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_problems" ADD CONSTRAINT "training_problems_tid_trainings_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_problems" ADD CONSTRAINT "training_problems_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_tid_trainings_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_records" ADD CONSTRAINT "training_records_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_registers" ADD CONSTRAINT "training_registers_tid_trainings_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_registers" ADD CONSTRAINT "training_registers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_category_id_training_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."training_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_problems_display_uq" ON "training_problems" USING btree ("tid",upper("display_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "training_problems_pid_uq" ON "training_problems" USING btree ("tid","pid");--> statement-breakpoint
CREATE INDEX "training_problems_pid_idx" ON "training_problems" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "training_records_rank_idx" ON "training_records" USING btree ("tid","ac" DESC,"total_time","uid");--> statement-breakpoint
CREATE INDEX "training_records_uid_idx" ON "training_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "training_registers_uid_idx" ON "training_registers" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "trainings_list_idx" ON "trainings" USING btree ("status","rank","id");--> statement-breakpoint
CREATE INDEX "trainings_category_idx" ON "trainings" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "trainings_uid_idx" ON "trainings" USING btree ("uid");