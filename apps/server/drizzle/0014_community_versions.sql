-- Versions of the community's in-process page caches (docs/community.md "Speed"), moved by triggers inside the
-- transaction that changes what a page shows:
--   discussion_list   a discussion's listed columns (not its counts, which are read with every request), a
--                     discussion added or removed, any category change;
--   comments:<did>    a discussion's comment page: a comment added, removed, liked (order by likes) or edited, a
--                     reply added or removed;
--   community_epoch   what every community page shows of its authors (name, avatar, title, role badge), and a
--                     TRUNCATE of any of the tables above (added to both versions above).
INSERT INTO "cache_versions" ("name", "version") VALUES ('discussion_list', 1), ('community_epoch', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "cache_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("name", "version") VALUES (TG_ARGV[0], 1)
    ON CONFLICT ("name") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "cache_version_bump_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed") THEN
    INSERT INTO "cache_versions" ("name", "version") VALUES (TG_ARGV[0], 1)
      ON CONFLICT ("name") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "comment_thread_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("name", "version")
    SELECT 'comments:' || "did", 1 FROM "changed" WHERE "did" IS NOT NULL GROUP BY "did" ORDER BY "did"
    ON CONFLICT ("name") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "reply_thread_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("name", "version")
    SELECT 'comments:' || c."did", 1 FROM "changed" r JOIN "comments" c ON c."id" = r."comment_id"
      WHERE c."did" IS NOT NULL GROUP BY c."did" ORDER BY c."did"
    ON CONFLICT ("name") DO UPDATE SET "version" = "cache_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "discussions_list_ins" AFTER INSERT ON "discussions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussions_list_del" AFTER DELETE ON "discussions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussions_list_upd" AFTER UPDATE ON "discussions" FOR EACH ROW WHEN ((OLD."title", OLD."description", OLD."category_id", OLD."pid", OLD."uid", OLD."author", OLD."top_priority", OLD."gid", OLD."status", OLD."gmt_create", OLD."gmt_modified") IS DISTINCT FROM (NEW."title", NEW."description", NEW."category_id", NEW."pid", NEW."uid", NEW."author", NEW."top_priority", NEW."gid", NEW."status", NEW."gmt_create", NEW."gmt_modified")) EXECUTE FUNCTION "cache_version_bump"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussions_list_trunc" AFTER TRUNCATE ON "discussions" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');--> statement-breakpoint
CREATE TRIGGER "discussion_categories_list_ins" AFTER INSERT ON "discussion_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussion_categories_list_upd" AFTER UPDATE ON "discussion_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussion_categories_list_del" AFTER DELETE ON "discussion_categories" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "discussion_categories_list_trunc" AFTER TRUNCATE ON "discussion_categories" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');--> statement-breakpoint
CREATE TRIGGER "comments_thread_ins" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "comment_thread_bump"();--> statement-breakpoint
CREATE TRIGGER "comments_thread_del" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "comment_thread_bump"();--> statement-breakpoint
CREATE TRIGGER "comments_thread_upd" AFTER UPDATE ON "comments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "comment_thread_bump"();--> statement-breakpoint
CREATE TRIGGER "comments_thread_trunc" AFTER TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');--> statement-breakpoint
CREATE TRIGGER "replies_thread_ins" AFTER INSERT ON "replies" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reply_thread_bump"();--> statement-breakpoint
CREATE TRIGGER "replies_thread_del" AFTER DELETE ON "replies" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "reply_thread_bump"();--> statement-breakpoint
CREATE TRIGGER "replies_thread_trunc" AFTER TRUNCATE ON "replies" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');--> statement-breakpoint
CREATE TRIGGER "users_community_upd" AFTER UPDATE ON "users" FOR EACH ROW WHEN ((OLD."username", OLD."avatar", OLD."title_name", OLD."title_color", OLD."role") IS DISTINCT FROM (NEW."username", NEW."avatar", NEW."title_name", NEW."title_color", NEW."role")) EXECUTE FUNCTION "cache_version_bump"('community_epoch');--> statement-breakpoint
CREATE TRIGGER "users_community_trunc" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');
