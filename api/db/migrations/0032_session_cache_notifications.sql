-- What a session carries (its user's row and the role in their current organization) is kept in
-- each instance's memory for a few seconds (decision 028). A change to a user's row or to one of
-- their memberships tells every instance to forget that user's sessions: NOTIFY is sent when the
-- changing transaction commits, whichever code path made the change. A revoked session and an
-- ended membership already notify (migrations 0002 and 0006).
CREATE FUNCTION notify_user_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object('kind', 'user-changed', 'userId', OLD.id)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW
  EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE FUNCTION notify_membership_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object('kind', 'user-changed', 'userId', NEW.user_id)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER memberships_notify_changed
  AFTER INSERT OR UPDATE ON memberships
  FOR EACH ROW
  EXECUTE FUNCTION notify_membership_changed();
