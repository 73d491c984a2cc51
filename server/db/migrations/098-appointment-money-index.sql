-- 098: the invoices that name an appointment (issue 17: an appointment an invoice refers to is not
-- deleted; deleting or cancelling one looks its money up by appointment).
CREATE INDEX invoices_appointment_idx ON invoices (tenant_id, appointment_id) WHERE appointment_id IS NOT NULL;
