-- A membership that ends drops the organization's real-time subscriptions of that user on every
-- instance: NOTIFY is sent when the deleting transaction commits, whichever path deleted the row
-- (a removal, leaving, or the cascade of an organization's or a user's deletion).
CREATE FUNCTION notify_membership_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object(
      'kind', 'membership-ended',
      'userId', OLD.user_id,
      'organizationId', OLD.organization_id
    )::text
  );
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER memberships_notify_ended
  AFTER DELETE ON memberships
  FOR EACH ROW
  EXECUTE FUNCTION notify_membership_ended();
