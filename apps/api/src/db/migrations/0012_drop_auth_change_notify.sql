-- No process caches sessions any more (every request reads its session): nothing listens on
-- stockyard_auth, so the triggers of migration 0007 only cost every write to sessions and users.
DROP TRIGGER IF EXISTS sessions_auth_change ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_auth_change ON users;
--> statement-breakpoint
DROP FUNCTION IF EXISTS stockyard_notify_auth_change();
