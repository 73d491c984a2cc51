-- 041: the outbox carries invoices too (issue 17: "send by e-mail through the existing outbox, with the
-- PDF attached"). An invoice message names its invoice and the address it goes to; it has no
-- appointment. The PDF is rendered when the message is sent, from the issued (frozen) invoice.
ALTER TABLE outbox ALTER COLUMN appointment_id DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN starts_at DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN invoice_id uuid;
ALTER TABLE outbox ADD COLUMN recipient text CHECK (length(recipient) <= 320);
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('reminder', 'confirmation', 'cancellation', 'invoice'));
ALTER TABLE outbox ADD CONSTRAINT outbox_subject_check CHECK ((kind = 'invoice') = (invoice_id IS NOT NULL) AND (kind = 'invoice' OR appointment_id IS NOT NULL));
CREATE INDEX outbox_invoice_idx ON outbox (tenant_id, invoice_id) WHERE invoice_id IS NOT NULL;
