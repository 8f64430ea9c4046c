CREATE TABLE "comment_likes" (
	"comment_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_uid_pk" PRIMARY KEY("comment_id","uid")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"did" bigint,
	"cid" bigint,
	"content" text NOT NULL,
	"from_uid" text NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_target_ck" CHECK (("comments"."did" IS NULL) <> ("comments"."cid" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"comment_id" bigint NOT NULL,
	"from_uid" text NOT NULL,
	"to_uid" text,
	"content" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_likes" (
	"did" bigint NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_likes_did_uid_pk" PRIMARY KEY("did","uid")
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"did" bigint NOT NULL,
	"reporter_uid" text,
	"reporter" text NOT NULL,
	"content" text NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_views" (
	"did" bigint NOT NULL,
	"viewer" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_views_did_viewer_pk" PRIMARY KEY("did","viewer")
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pid" text,
	"uid" text,
	"author" text DEFAULT '' NOT NULL,
	"view_num" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"top_priority" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gid" bigint,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" boolean DEFAULT false NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"admin_uid" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_uid" text NOT NULL,
	"sender_uid" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"source_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_content" text,
	"quote_id" bigint,
	"quote_type" text,
	"url" text NOT NULL,
	"state" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" bigint NOT NULL,
	"recipient_uid" text NOT NULL,
	"type" text NOT NULL,
	"state" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_from_uid_users_uid_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_from_uid_users_uid_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_to_uid_users_uid_fk" FOREIGN KEY ("to_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_likes" ADD CONSTRAINT "discussion_likes_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_likes" ADD CONSTRAINT "discussion_likes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reporter_uid_users_uid_fk" FOREIGN KEY ("reporter_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_category_id_discussion_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."discussion_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notices" ADD CONSTRAINT "admin_notices_admin_uid_users_uid_fk" FOREIGN KEY ("admin_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_recipient_uid_users_uid_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_sender_uid_users_uid_fk" FOREIGN KEY ("sender_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_notice_id_admin_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."admin_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_recipient_uid_users_uid_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_likes_uid_idx" ON "comment_likes" USING btree ("uid","gmt_create" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_did_idx" ON "comments" USING btree ("did","like_num" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."did" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_cid_idx" ON "comments" USING btree ("cid","like_num" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."cid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_from_uid_idx" ON "comments" USING btree ("from_uid");--> statement-breakpoint
CREATE INDEX "replies_comment_idx" ON "replies" USING btree ("comment_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "replies_from_uid_idx" ON "replies" USING btree ("from_uid");--> statement-breakpoint
CREATE INDEX "discussion_likes_uid_idx" ON "discussion_likes" USING btree ("uid","gmt_create" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussion_reports_list_idx" ON "discussion_reports" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussion_reports_did_idx" ON "discussion_reports" USING btree ("did","reporter_uid");--> statement-breakpoint
CREATE INDEX "discussion_views_at_idx" ON "discussion_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "discussions_list_idx" ON "discussions" USING btree ("top_priority" DESC NULLS FIRST,"gmt_create" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "discussions"."status" = 0 AND "discussions"."gid" IS NULL;--> statement-breakpoint
CREATE INDEX "discussions_category_idx" ON "discussions" USING btree ("category_id","top_priority" DESC NULLS FIRST,"gmt_create" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "discussions"."status" = 0 AND "discussions"."gid" IS NULL;--> statement-breakpoint
CREATE INDEX "discussions_pid_idx" ON "discussions" USING btree ("pid","top_priority" DESC NULLS FIRST,"gmt_create" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "discussions"."status" = 0 AND "discussions"."gid" IS NULL;--> statement-breakpoint
CREATE INDEX "discussions_uid_idx" ON "discussions" USING btree ("uid","gmt_create" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussions_admin_idx" ON "discussions" USING btree ("top_priority" DESC NULLS FIRST,"gmt_create" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_notices_pending_idx" ON "admin_notices" USING btree ("id") WHERE NOT "admin_notices"."state";--> statement-breakpoint
CREATE INDEX "admin_notices_list_idx" ON "admin_notices" USING btree ("personal","type","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_messages_list_idx" ON "user_messages" USING btree ("recipient_uid","kind","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_messages_unread_idx" ON "user_messages" USING btree ("recipient_uid","kind") WHERE NOT "user_messages"."state";--> statement-breakpoint
CREATE UNIQUE INDEX "user_notices_uq" ON "user_notices" USING btree ("notice_id","recipient_uid");--> statement-breakpoint
CREATE INDEX "user_notices_list_idx" ON "user_notices" USING btree ("recipient_uid","type","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_notices_unread_idx" ON "user_notices" USING btree ("recipient_uid","type") WHERE NOT "user_notices"."state";--> statement-breakpoint
INSERT INTO "discussion_categories" ("name") VALUES ('General'), ('Solutions'), ('Help'), ('Suggestions');