-- 070: expenses (issue 20). What the business spends, with the receipt image it was read from.
--
-- * tax_lines: [{taxPercentage, base, tax}] in minor units of `currency` (the business's); base, tax
--   and amount are their sums (amount = base + tax − withholding, checked by the server and here).
-- * archived_at: deleteExpense archives (received invoices must be kept); an archived expense keeps
--   its receipt: the asset cleaner (server/assets/cleanup.ts) counts every expense as a reference.
-- * receipt_asset_id: an image of the same business (foreign key on (tenant_id, receipt_asset_id)).
-- * expenses_list_idx: the list's keyset order (date, created_at, id, newest first) per business;
--   expenses_receipt_idx and expenses_duplicate_idx find possible duplicates.

CREATE TABLE expenses (
  tenant_id               uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                      uuid NOT NULL DEFAULT gen_random_uuid(),
  supplier                text CHECK (length(supplier) <= 200),
  supplier_tax_id         text CHECK (length(supplier_tax_id) <= 32),
  supplier_invoice_number text CHECK (length(supplier_invoice_number) <= 64),
  description             text CHECK (length(description) <= 500),
  category                text NOT NULL,
  expense_date            date NOT NULL,
  tax_lines               jsonb NOT NULL DEFAULT '[]'::jsonb,
  base                    bigint NOT NULL,
  tax                     bigint NOT NULL,
  withholding_percentage  numeric(5, 2) CHECK (withholding_percentage >= 0 AND withholding_percentage <= 100),
  withholding             bigint NOT NULL DEFAULT 0 CHECK (withholding >= 0),
  amount                  bigint NOT NULL CHECK (amount >= 0),
  currency                text NOT NULL,
  payment_method          text,
  receipt_asset_id        uuid,
  notes                   text CHECK (length(notes) <= 2000),
  archived_at             timestamptz,
  version                 integer NOT NULL DEFAULT 1,
  created_by              uuid NOT NULL,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (amount = base + tax - withholding),
  CONSTRAINT expenses_receipt_fkey FOREIGN KEY (tenant_id, receipt_asset_id) REFERENCES assets (tenant_id, id) ON DELETE SET NULL (receipt_asset_id)
);

CREATE INDEX expenses_list_idx ON expenses (tenant_id, expense_date DESC, created_at DESC, id DESC);
CREATE INDEX expenses_receipt_idx ON expenses (tenant_id, receipt_asset_id) WHERE receipt_asset_id IS NOT NULL;
CREATE INDEX expenses_duplicate_idx ON expenses (tenant_id, expense_date, amount) WHERE archived_at IS NULL;
CREATE TRIGGER expenses_touch BEFORE UPDATE ON expenses FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON expenses TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON expenses TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON expenses TO cita_app;
