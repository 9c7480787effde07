-- Every committed change to a session or a user is announced on the stockyard_auth channel, so
-- that each API process drops what it has cached of them (apps/api/src/plugins/session-sync.ts).
CREATE FUNCTION stockyard_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('stockyard_auth', json_build_object('sessions',
      json_build_array(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END))::text);
  ELSE
    PERFORM pg_notify('stockyard_auth', json_build_object('users',
      json_build_array(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END))::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION stockyard_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION stockyard_notify_auth_change();
