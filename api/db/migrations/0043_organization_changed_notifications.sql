-- A member's list of organizations (each with its name, logo and member count) is kept in each
-- instance's memory for a few seconds (decision 029). A change to an organization's row or to its
-- members tells every instance to forget what shows that organization: NOTIFY is sent when the
-- changing transaction commits, whichever code path made the change.
CREATE FUNCTION notify_organization_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object('kind', 'organization-changed', 'organizationId', OLD.id)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organizations_notify_changed
  AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW
  EXECUTE FUNCTION notify_organization_changed();
--> statement-breakpoint
CREATE FUNCTION notify_organization_members_changed() RETURNS trigger AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD.organization_id;
  ELSE
    changed := NEW.organization_id;
  END IF;
  PERFORM pg_notify(
    'qalam_realtime',
    json_build_object('kind', 'organization-changed', 'organizationId', changed)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER memberships_notify_organization_changed
  AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW
  EXECUTE FUNCTION notify_organization_members_changed();
