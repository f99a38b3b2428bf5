-- A revoked session closes its sockets on every instance: NOTIFY is sent when the revoking
-- transaction commits, whichever code path revoked it.
CREATE FUNCTION notify_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object('kind', 'session-revoked', 'sessionId', NEW.id)::text
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_revoked
  AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_revoked();
