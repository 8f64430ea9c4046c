-- The unread badge's per-process cache (modules/message/message.unread.ts; docs/community.md "Speed"): any change to
-- a user's messages or delivered notices (added, read, removed; by the API, a cascade or SQL by hand) notifies
-- channel `oj_unread` at commit with the recipient's uid, or `*` (forget everyone) for a TRUNCATE or a statement
-- touching more than 100 recipients.
CREATE FUNCTION "unread_notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(DISTINCT "recipient_uid") FROM "changed") > 100 THEN
    PERFORM pg_notify('oj_unread', '*');
  ELSE
    PERFORM pg_notify('oj_unread', x."uid") FROM (SELECT DISTINCT "recipient_uid" AS "uid" FROM "changed") x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "unread_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oj_unread', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_messages_unread_ins" AFTER INSERT ON "user_messages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_messages_unread_upd" AFTER UPDATE ON "user_messages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_messages_unread_del" AFTER DELETE ON "user_messages" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_messages_unread_trunc" AFTER TRUNCATE ON "user_messages" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_all"();--> statement-breakpoint
CREATE TRIGGER "user_notices_unread_ins" AFTER INSERT ON "user_notices" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_notices_unread_upd" AFTER UPDATE ON "user_notices" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_notices_unread_del" AFTER DELETE ON "user_notices" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_changed"();--> statement-breakpoint
CREATE TRIGGER "user_notices_unread_trunc" AFTER TRUNCATE ON "user_notices" FOR EACH STATEMENT EXECUTE FUNCTION "unread_notify_all"();
