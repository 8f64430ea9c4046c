CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES ('training_list', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "training_list_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'training_list';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "training_list_bump_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed") THEN
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'training_list';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trainings_list_ins" AFTER INSERT ON "trainings" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "trainings_list_del" AFTER DELETE ON "trainings" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "trainings_list_upd" AFTER UPDATE ON "trainings" FOR EACH ROW WHEN ((OLD."title", OLD."rank", OLD."auth", OLD."category_id", OLD."status", OLD."author", OLD."gid", OLD."is_group", OLD."gmt_modified") IS DISTINCT FROM (NEW."title", NEW."rank", NEW."auth", NEW."category_id", NEW."status", NEW."author", NEW."gid", NEW."is_group", NEW."gmt_modified")) EXECUTE FUNCTION "training_list_bump"();--> statement-breakpoint
CREATE TRIGGER "trainings_list_trunc" AFTER TRUNCATE ON "trainings" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump"();--> statement-breakpoint
CREATE TRIGGER "training_problems_list_ins" AFTER INSERT ON "training_problems" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "training_problems_list_del" AFTER DELETE ON "training_problems" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "training_problems_list_upd" AFTER UPDATE OF "tid" ON "training_problems" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump"();--> statement-breakpoint
CREATE TRIGGER "training_problems_list_trunc" AFTER TRUNCATE ON "training_problems" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump"();--> statement-breakpoint
CREATE TRIGGER "training_categories_list_ins" AFTER INSERT ON "training_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "training_categories_list_upd" AFTER UPDATE ON "training_categories" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "training_categories_list_del" AFTER DELETE ON "training_categories" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump_changed"();--> statement-breakpoint
CREATE TRIGGER "training_categories_list_trunc" AFTER TRUNCATE ON "training_categories" FOR EACH STATEMENT EXECUTE FUNCTION "training_list_bump"();
