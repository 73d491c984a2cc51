-- 011: the outbox of messages to customers (reminders, booking confirmations, cancellation notices),
-- what the customer was last told about each appointment, the server's own secret, and the
-- business's cancellation cutoff.
--
-- * outbox: one row per message. `dedupe_key` names the message for good (e.g.
--   reminder.<appointment>.email.1440.<start epoch>): it is unique per tenant, it is the e-mail's
--   Message-ID and the .eml file name, so a message sent twice (a crash between "sent" and "marked
--   sent": delivery is at least once) is the same message and, as a file, overwrites itself.
--   Workers (one per server instance, several per PostgreSQL) lease due rows with
--   FOR UPDATE SKIP LOCKED: `leased_until`/`lease_owner`; a lease that runs out (a crashed worker)
--   makes the row due again. Failures retry with exponential backoff (`attempts`, `next_attempt_at`,
--   `last_error`) up to a limit, then the row is `failed`.
--   status: pending → sent | failed | dropped (the appointment moved, was cancelled or deleted
--   before the message left) | skipped (never to be sent: `last_error` says why, e.g.
--   unsupported_channel for SMS/WhatsApp, too_late for a reminder already past when scheduled,
--   no_recipient when the customer has no e-mail).
--   The row holds references only (appointment, reminder): the message is rendered when it is sent,
--   from the appointment as it is then.
-- * appointment_notices: per appointment, the iCalendar SEQUENCE and the time the customer was last
--   told about, so that a change of time sends a new confirmation and a cancellation one notice.
-- * server_secrets: the HMAC key of the cancellation links when CITA_SECRET is not set (generated once
--   by the first server; never readable by cita_app).
-- * calendar_feeds: a member's secret iCalendar feed address; the token is an HMAC over (tenant, user,
--   nonce), so the address can be shown again; replacing or deleting the nonce revokes it.
-- * tenants.cancellation_cutoff_minutes: how long before the start a customer may still cancel
--   through the link (default 2 h).

ALTER TABLE tenants ADD COLUMN cancellation_cutoff_minutes integer NOT NULL DEFAULT 120
  CHECK (cancellation_cutoff_minutes BETWEEN 0 AND 10080);

CREATE TABLE outbox (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  dedupe_key      text NOT NULL CHECK (dedupe_key ~ '^[a-z0-9.-]{1,200}$'),
  kind            text NOT NULL CHECK (kind IN ('reminder', 'confirmation', 'cancellation')),
  channel         text NOT NULL CHECK (channel IN ('REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP')),
  appointment_id  uuid NOT NULL,
  -- The appointment's start this message is about (a moved appointment gets new rows).
  starts_at       timestamptz NOT NULL,
  minutes_before  integer,
  sequence        integer NOT NULL DEFAULT 0,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'dropped', 'skipped')),
  due_at          timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  leased_until    timestamptz,
  lease_owner     text,
  sent_at         timestamptz,
  last_error      text CHECK (length(last_error) <= 1000),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX outbox_dedupe_key ON outbox (tenant_id, dedupe_key);
CREATE INDEX outbox_appointment_idx ON outbox (tenant_id, appointment_id);
-- What the workers scan: pending rows by when they are next due (across tenants, as the owner).
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE TRIGGER outbox_touch BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE appointment_notices (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  appointment_id uuid NOT NULL,
  sequence       integer NOT NULL DEFAULT 0,
  start_at       timestamptz NOT NULL,
  end_at         timestamptz NOT NULL,
  cancelled      boolean NOT NULL DEFAULT false,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, appointment_id)
);

CREATE TABLE calendar_feeds (
  tenant_id  uuid NOT NULL,
  user_id    uuid NOT NULL,
  nonce      text NOT NULL CHECK (nonce ~ '^[0-9a-f]{32}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES memberships (tenant_id, user_id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['outbox', 'appointment_notices', 'calendar_feeds'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I TO cita_app
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
    EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO cita_app', t);
  END LOOP;
END $$;

CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
