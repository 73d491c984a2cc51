-- 040: invoices (issue 17). A draft has no number; issuing takes the next number of its series from
-- a counter row locked in the issuing transaction (so a rolled-back issue gives its number back and
-- no two issues get the same one: no gaps, no duplicates, on PGlite and PostgreSQL alike); an issued
-- invoice is never deleted (a trigger refuses it) and its number is never reused (unique key).
--
-- * invoice_settings: the business's invoicing data (legal name, tax id, address, series, simplified
--   limit, VERI*FACTU, default IRPF). Its row is also the business's issuing lock: every issue and
--   every voiding takes it FOR UPDATE first, then the series counter, so the VERI*FACTU chain (one per
--   issuer) gets its records in one order.
-- * invoice_counters: the next number per (business, series).
-- * invoices: the document; `lines` are the lines as entered, `computed` what computeDocument made
--   of them (lines, breakdown, totals), `total` its amount due (for lists and limits).
-- * fiscal_records: the VERI*FACTU chain of each business, `seq` 1.. with each hash over the
--   regulation's fields and the previous record's hash.
-- * admin_invoices / admin_invoice_counters / admin_fiscal_records: Cita's invoices to its tenants
--   (platform scope, read and written by administrators through the system connection only).

CREATE TABLE invoice_settings (
  tenant_id                 uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  legal_name                text CHECK (length(legal_name) <= 200),
  tax_id                    text CHECK (length(tax_id) <= 32),
  address                   jsonb,
  full_series               text NOT NULL DEFAULT 'A' CHECK (full_series ~ '^[A-Za-z0-9-]{1,20}$'),
  simplified_series         text NOT NULL DEFAULT 'T' CHECK (simplified_series ~ '^[A-Za-z0-9-]{1,20}$'),
  rectifying_series         text NOT NULL DEFAULT 'R' CHECK (rectifying_series ~ '^[A-Za-z0-9-]{1,20}$'),
  simplified_limit          bigint CHECK (simplified_limit >= 0 AND simplified_limit <= 1000000000000),
  verifactu                 boolean,
  default_withholding       numeric(5, 2) NOT NULL DEFAULT 0 CHECK (default_withholding >= 0 AND default_withholding <= 100),
  version                   integer NOT NULL DEFAULT 1,
  updated_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_counters (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  series      text NOT NULL,
  next_number integer NOT NULL DEFAULT 1 CHECK (next_number >= 1),
  PRIMARY KEY (tenant_id, series)
);

CREATE TABLE invoices (
  tenant_id            uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                   uuid NOT NULL DEFAULT gen_random_uuid(),
  kind                 text NOT NULL CHECK (kind IN ('INVOICE_KIND_STANDARD', 'INVOICE_KIND_SIMPLIFIED', 'INVOICE_KIND_CREDIT_NOTE')),
  series               text NOT NULL CHECK (series ~ '^[A-Za-z0-9-]{1,20}$'),
  number               integer CHECK (number >= 1),
  display_number       text,
  status               text NOT NULL DEFAULT 'INVOICE_STATUS_DRAFT' CHECK (status IN ('INVOICE_STATUS_DRAFT', 'INVOICE_STATUS_ISSUED', 'INVOICE_STATUS_VOIDED')),
  issue_date           date,
  operation_date       date,
  due_date             date,
  prices_include_tax   boolean NOT NULL DEFAULT false,
  language             text NOT NULL DEFAULT 'en-US',
  customer             jsonb NOT NULL,
  issuer               jsonb NOT NULL,
  notes                text,
  sale_id              uuid,
  appointment_id       uuid,
  payment_method_id    uuid,
  withholding_percentage numeric(5, 2) NOT NULL DEFAULT 0,
  lines                jsonb NOT NULL,
  computed             jsonb NOT NULL,
  currency             text NOT NULL,
  total                bigint NOT NULL,
  rectification        jsonb,
  rectifies_id         uuid,
  fiscal_record        jsonb,
  cancellation_record  jsonb,
  issued_at            timestamptz,
  sent_at              timestamptz,
  voided_at            timestamptz,
  void_reason          text,
  version              integer NOT NULL DEFAULT 1,
  created_by           uuid NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((status = 'INVOICE_STATUS_DRAFT') = (number IS NULL)),
  FOREIGN KEY (tenant_id, rectifies_id) REFERENCES invoices (tenant_id, id)
);
CREATE UNIQUE INDEX invoices_number_key ON invoices (tenant_id, series, number);
CREATE UNIQUE INDEX invoices_sale_key ON invoices (tenant_id, sale_id) WHERE sale_id IS NOT NULL AND kind <> 'INVOICE_KIND_CREDIT_NOTE' AND status <> 'INVOICE_STATUS_VOIDED';
CREATE INDEX invoices_list_idx ON invoices (tenant_id, (number IS NOT NULL), issue_date DESC, created_at DESC, id);
CREATE INDEX invoices_rectifies_idx ON invoices (tenant_id, rectifies_id) WHERE rectifies_id IS NOT NULL;
CREATE TRIGGER invoices_touch BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- An issued invoice is never deleted (RD 1619/2012): only drafts go.
CREATE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (A business erased for good takes its invoices with it: its row is gone by the time the cascade runs.)
  IF OLD.status <> 'INVOICE_STATUS_DRAFT' AND EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) THEN
    RAISE EXCEPTION 'an issued invoice is never deleted' USING ERRCODE = 'check_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER invoices_keep_issued BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();

CREATE TABLE fiscal_records (
  tenant_id     uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  seq           integer NOT NULL CHECK (seq >= 1),
  invoice_id    uuid NOT NULL,
  record_type   text NOT NULL CHECK (record_type IN ('ALTA', 'ANULACION')),
  invoice_type  text NOT NULL,
  issuer_tax_id text NOT NULL,
  num_serie     text NOT NULL,
  issue_date    date NOT NULL,
  total_tax     bigint NOT NULL,
  total         bigint NOT NULL,
  currency      text NOT NULL,
  previous_hash text,
  hash          text NOT NULL,
  generated_at  text NOT NULL,
  PRIMARY KEY (tenant_id, seq)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice_settings', 'invoice_counters', 'invoices', 'fiscal_records'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I TO cita_app
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
    EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO cita_app', t);
  END LOOP;
END $$;

-- Cita's own invoices to its tenants (platform scope: no row-level security, never granted to cita_app).
CREATE TABLE admin_invoice_counters (
  series      text PRIMARY KEY,
  next_number integer NOT NULL DEFAULT 1 CHECK (next_number >= 1)
);

CREATE TABLE admin_invoices (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id     uuid NOT NULL REFERENCES tenants (id),
  tenant_name   text NOT NULL,
  series        text,
  number        integer,
  display_number text,
  plan          text NOT NULL CHECK (plan IN ('SUBSCRIPTION_PLAN_PRO', 'SUBSCRIPTION_PLAN_PREMIUM')),
  period_start  date NOT NULL,
  period_end    date NOT NULL CHECK (period_end >= period_start),
  amount        bigint NOT NULL,
  base          bigint NOT NULL,
  tax_amount    bigint NOT NULL,
  tax_percentage numeric(5, 2) NOT NULL,
  currency      text NOT NULL,
  status        text NOT NULL DEFAULT 'INVOICE_STATUS_DRAFT' CHECK (status IN ('INVOICE_STATUS_DRAFT', 'INVOICE_STATUS_ISSUED', 'INVOICE_STATUS_VOIDED')),
  issue_date    date,
  due_date      date,
  notes         text,
  recipient     jsonb NOT NULL,
  issuer        jsonb,
  paid_at       timestamptz,
  idempotency_key text UNIQUE,
  request_hash  text,
  version       integer NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'INVOICE_STATUS_DRAFT') = (number IS NULL))
);
CREATE UNIQUE INDEX admin_invoices_number_key ON admin_invoices (series, number);
CREATE INDEX admin_invoices_tenant_idx ON admin_invoices (tenant_id);
CREATE TRIGGER admin_invoices_touch BEFORE UPDATE ON admin_invoices FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER admin_invoices_keep_issued BEFORE DELETE ON admin_invoices FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();
