-- 050: the team screen (issue 19).
--
-- * memberships.color: the member's colour on the calendar and the team list (#rrggbb; none: the SPA
--   picks one from the member's position). memberships.bookable_online: whether the public booking
--   page offers this member (default yes, as before). memberships.version: the row is updatable
--   (colour, bookable, role), so it carries a version like every updatable row.
-- * invitations.language: the language the invitation e-mail is written in (the invitee's: their
--   account's language when they have one, else the one the inviter chose). invitations.sends: how
--   many times it was sent (each send is its own outbox row: invitation.<id>.<sends>).
-- * outbox: a row is now about an appointment or an invitation (kind 'invitation', invitation_id).

ALTER TABLE memberships ADD COLUMN color text CHECK (color ~ '^#[0-9a-f]{6}$');
ALTER TABLE memberships ADD COLUMN bookable_online boolean NOT NULL DEFAULT true;
ALTER TABLE memberships ADD COLUMN version integer NOT NULL DEFAULT 1;

ALTER TABLE invitations ADD COLUMN language text NOT NULL DEFAULT 'en-US' CHECK (language IN ('en-US', 'es-ES'));
ALTER TABLE invitations ADD COLUMN sends integer NOT NULL DEFAULT 1 CHECK (sends >= 1);

ALTER TABLE outbox ALTER COLUMN appointment_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN invitation_id uuid;
-- Every kind of message the outbox carries, each naming exactly its subject (041 added invoices).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('reminder', 'confirmation', 'cancellation', 'invoice', 'invitation'));
ALTER TABLE outbox DROP CONSTRAINT outbox_subject_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_subject_check CHECK (
  CASE kind
    WHEN 'invitation' THEN invitation_id IS NOT NULL AND appointment_id IS NULL AND invoice_id IS NULL
    WHEN 'invoice' THEN invoice_id IS NOT NULL AND invitation_id IS NULL
    ELSE appointment_id IS NOT NULL AND invitation_id IS NULL AND invoice_id IS NULL END);
