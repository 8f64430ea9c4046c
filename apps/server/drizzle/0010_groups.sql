CREATE TABLE "group_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gid" bigint NOT NULL,
	"uid" text NOT NULL,
	"auth" integer NOT NULL,
	"reason" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar" text,
	"auth" integer DEFAULT 1 NOT NULL,
	"code" text,
	"visible" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"uid" text,
	"owner" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_gid_groups_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_gid_uid_uq" ON "group_members" USING btree ("gid","uid");--> statement-breakpoint
CREATE INDEX "group_members_uid_idx" ON "group_members" USING btree ("uid","auth");--> statement-breakpoint
CREATE INDEX "group_members_list_idx" ON "group_members" USING btree ("gid","auth","gmt_create");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_uq" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "groups_short_name_uq" ON "groups" USING btree (upper("short_name"));--> statement-breakpoint
CREATE INDEX "groups_uid_idx" ON "groups" USING btree ("uid","gmt_create");