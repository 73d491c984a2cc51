-- 061: the team is told what customers do online (issue 18, "told what happens").
--
-- * staff_notifications: one row per person told (the owner, and the member whose calendar holds the
--   appointment) of a booking, cancellation or move a customer made online; shown in the shell's
--   notification area until read.
-- * outbox.kind 'staff_notice' with outbox.notification_id: the e-mail of such a notification to its
--   person, in their language (rendered when sent, like every outbox message).
-- * tenants.notify_team_by_email: the business's setting to turn those e-mails off.
CREATE TABLE staff_notifications (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('STAFF_NOTIFICATION_BOOKED', 'STAFF_NOTIFICATION_CANCELLED', 'STAFF_NOTIFICATION_RESCHEDULED')),
  appointment_id uuid NOT NULL,
  member_user_id uuid NOT NULL,
  customer_name  text CHECK (char_length(customer_name) <= 200),
  starts_at      timestamptz NOT NULL,
  read_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES memberships (tenant_id, user_id) ON DELETE CASCADE
);
CREATE INDEX staff_notifications_user_idx ON staff_notifications (tenant_id, user_id, created_at DESC);

ALTER TABLE staff_notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE staff_notifications FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON staff_notifications TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON staff_notifications TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON staff_notifications TO cita_app;

ALTER TABLE outbox ADD COLUMN notification_id uuid;
-- Every kind of message the outbox carries (041: invoices; 050: invitations; here: the team's notices,
-- which name their notification and keep their appointment).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('reminder', 'confirmation', 'cancellation', 'invoice', 'invitation', 'staff_notice'));
ALTER TABLE outbox ADD CONSTRAINT outbox_notice_check CHECK ((kind = 'staff_notice') = (notification_id IS NOT NULL));

ALTER TABLE tenants ADD COLUMN notify_team_by_email boolean NOT NULL DEFAULT true;
