ALTER TABLE "trainings" ADD COLUMN "rank_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "training_rank_bump_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trainings" SET "rank_version" = "rank_version" + 1 WHERE "id" IN (SELECT DISTINCT "tid" FROM "changed");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "training_problems_rank_ins" AFTER INSERT ON "training_problems" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();--> statement-breakpoint
CREATE TRIGGER "training_problems_rank_upd" AFTER UPDATE ON "training_problems" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();--> statement-breakpoint
CREATE TRIGGER "training_problems_rank_del" AFTER DELETE ON "training_problems" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();--> statement-breakpoint
CREATE TRIGGER "training_registers_rank_ins" AFTER INSERT ON "training_registers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();--> statement-breakpoint
CREATE TRIGGER "training_registers_rank_del" AFTER DELETE ON "training_registers" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();--> statement-breakpoint
CREATE TRIGGER "training_records_rank_del" AFTER DELETE ON "training_records" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "training_rank_bump_new"();
