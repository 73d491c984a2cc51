-- 021: cancellation links bound to the appointment's customer, and no booker-typed name in e-mails.
--
-- * appointments.link_version: which customer the appointment's cancellation links are for. A link
--   (server/notifications/cancel-token.ts) carries the version it was issued for and works only while
--   it is the appointment's current one. Whenever the appointment's customer changes (the snapshot's
--   id: customer_id alone goes NULL when the customer is deleted, and that does not change whom the
--   appointment is for), a trigger raises it by one: it only grows, so giving the appointment to
--   another customer and back does not revive the first customer's old links. A trigger rather than
--   each UPDATE: no write path (the handlers, online booking, an import, SQL in a test) can forget it.
-- * outbox.link_version and appointment_notices.link_version: the version a message was scheduled
--   for and the one the customer was last told about; a new customer is a new recipient, who gets a
--   confirmation of their own (server/appointments/events.ts), and a message scheduled for the
--   previous customer is dropped instead of rendered for the new one (server/notifications/render.ts).

ALTER TABLE appointments ADD COLUMN link_version integer NOT NULL DEFAULT 1;
ALTER TABLE outbox ADD COLUMN link_version integer NOT NULL DEFAULT 1;
ALTER TABLE appointment_notices ADD COLUMN link_version integer NOT NULL DEFAULT 1;

CREATE FUNCTION appointments_link_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.customer_snapshot->>'id') IS DISTINCT FROM (OLD.customer_snapshot->>'id') THEN
    NEW.link_version := OLD.link_version + 1;
  ELSE
    NEW.link_version := OLD.link_version;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER appointments_link_version BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION appointments_link_version();

-- * customers.name_confirmed: false when the name (and last name) are what someone typed on the public
--   booking page, which anyone can fill in with any e-mail address. Until a team member changes the
--   name, the e-mails to the customer leave it out (server/notifications/render.ts greets without a
--   name): a stranger cannot make the business send their text to somebody else's address. Any change
--   of the name is the business's (the public page never changes an existing customer), so a trigger
--   confirms it. Customers the business creates or imports are confirmed (the default).
ALTER TABLE customers ADD COLUMN name_confirmed boolean NOT NULL DEFAULT true;

CREATE FUNCTION customers_name_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.last_name IS DISTINCT FROM OLD.last_name THEN
    NEW.name_confirmed := true;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER customers_name_confirmed BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION customers_name_confirmed();
