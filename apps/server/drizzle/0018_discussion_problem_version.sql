-- The discussion list hides the discussions of problems the caller may not see (docs/community.md "Discussions of
-- problems"): its kept pages (version `discussion_list`) are built again when a problem appears, goes, or changes
-- what decides who sees it (display id, auth, group, apply-public state).
CREATE TRIGGER "problems_discussion_list_ins" AFTER INSERT ON "problems" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "problems_discussion_list_del" AFTER DELETE ON "problems" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump_changed"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "problems_discussion_list_upd" AFTER UPDATE ON "problems" FOR EACH ROW WHEN ((OLD."problem_id", OLD."auth", OLD."is_group", OLD."gid", OLD."apply_public_progress") IS DISTINCT FROM (NEW."problem_id", NEW."auth", NEW."is_group", NEW."gid", NEW."apply_public_progress")) EXECUTE FUNCTION "cache_version_bump"('discussion_list');--> statement-breakpoint
CREATE TRIGGER "problems_discussion_list_trunc" AFTER TRUNCATE ON "problems" FOR EACH STATEMENT EXECUTE FUNCTION "cache_version_bump"('community_epoch');
