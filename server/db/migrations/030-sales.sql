-- 030: sales at the till, their lines, and the payments and refunds of money (payment_transactions).
--
-- * sales: a sale is immutable but for voiding and refunding. Its amounts come from the one document
--   function (common/money computeDocument) and are stored as computed: totals, the tax breakdown
--   (jsonb) and each line's share. A refund is a sale of its own (refund_of_sale_id) with negative
--   quantities and amounts. sold_on is the business-local date of sold_at (the period filters).
--   paid / refunded / tip are the COMPLETED transactions' sums and refunded_lines the Σ of the refund
--   sales' totals (as a positive amount), recomputed in the transaction that changes them, under the
--   sale's row lock. invoice_id is filled by the invoices domain.
-- * One live sale per appointment: a partial unique index over the non-voided, non-refund sales.
-- * payment_transactions: kind PAYMENT or REFUND with a positive amount; status PENDING → COMPLETED |
--   FAILED only; the method's commission is snapshotted.
-- * inventory_movements.sale_id: the sale (or refund sale) that moved the stock.
CREATE TABLE sales (
  tenant_id          uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                 uuid NOT NULL,
  operation_type     text NOT NULL CHECK (operation_type IN ('OPERATION_TYPE_PRODUCT_SALE', 'OPERATION_TYPE_APPOINTMENT_SALE')),
  appointment_id     uuid,
  customer_id        uuid,
  customer_name      text CHECK (length(customer_name) <= 200),
  user_id            uuid NOT NULL REFERENCES users (id),
  sold_at            timestamptz NOT NULL,
  sold_on            date NOT NULL,
  notes              text CHECK (length(notes) <= 1000),
  currency           text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  discount_percentage numeric(5, 2),
  discount_amount    bigint,
  subtotal           bigint NOT NULL,
  discount           bigint NOT NULL,
  tax                bigint NOT NULL,
  total              bigint NOT NULL,
  tax_breakdown      jsonb NOT NULL,
  paid               bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
  refunded           bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  tip                bigint NOT NULL DEFAULT 0 CHECK (tip >= 0),
  refunded_lines     bigint NOT NULL DEFAULT 0 CHECK (refunded_lines >= 0),
  lifecycle          text NOT NULL DEFAULT 'SALE_LIFECYCLE_COMPLETED' CHECK (lifecycle IN ('SALE_LIFECYCLE_COMPLETED', 'SALE_LIFECYCLE_VOIDED')),
  payment_status     text NOT NULL,
  refund_of_sale_id  uuid,
  invoice_id         uuid,
  voided_at          timestamptz,
  void_reason        text CHECK (length(void_reason) <= 500),
  search             text NOT NULL DEFAULT '',
  version            integer NOT NULL DEFAULT 1,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  -- Σ completed payments − refunds never exceeds what the sale still stands for (tips apart).
  CHECK (refund_of_sale_id IS NOT NULL OR paid - refunded <= total - refunded_lines),
  FOREIGN KEY (tenant_id, appointment_id) REFERENCES appointments (tenant_id, id) ON DELETE SET NULL (appointment_id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id),
  FOREIGN KEY (tenant_id, refund_of_sale_id) REFERENCES sales (tenant_id, id)
);
CREATE UNIQUE INDEX sales_live_appointment_key ON sales (tenant_id, appointment_id)
  WHERE appointment_id IS NOT NULL AND refund_of_sale_id IS NULL AND lifecycle = 'SALE_LIFECYCLE_COMPLETED';
CREATE INDEX sales_sold_idx ON sales (tenant_id, sold_on DESC, sold_at DESC, id DESC);
CREATE INDEX sales_customer_idx ON sales (tenant_id, customer_id, sold_at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX sales_refund_of_idx ON sales (tenant_id, refund_of_sale_id) WHERE refund_of_sale_id IS NOT NULL;
CREATE TRIGGER sales_touch BEFORE UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE sale_lines (
  tenant_id           uuid NOT NULL,
  sale_id             uuid NOT NULL,
  position            integer NOT NULL CHECK (position BETWEEN 0 AND 99),
  kind                text NOT NULL CHECK (kind IN ('SALE_LINE_KIND_SERVICE', 'SALE_LINE_KIND_PRODUCT')),
  item_id             uuid,
  name                text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  quantity            numeric(13, 3) NOT NULL,
  unit_price          bigint NOT NULL,
  tax_percentage      numeric(5, 2) NOT NULL,
  discount_percentage numeric(5, 2) NOT NULL DEFAULT 0,
  amount              bigint NOT NULL,
  discount            bigint NOT NULL,
  base                bigint NOT NULL,
  tax                 bigint NOT NULL,
  total               bigint NOT NULL,
  stock_moved         boolean NOT NULL DEFAULT false,
  refund_of_position  integer,
  refunded_quantity   numeric(13, 3) NOT NULL DEFAULT 0 CHECK (refunded_quantity >= 0),
  PRIMARY KEY (tenant_id, sale_id, position),
  CHECK (refund_of_position IS NOT NULL OR refunded_quantity <= quantity),
  FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE payment_transactions (
  tenant_id                uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                       uuid NOT NULL,
  sale_id                  uuid NOT NULL,
  kind                     text NOT NULL CHECK (kind IN ('PAYMENT_TRANSACTION_KIND_PAYMENT', 'PAYMENT_TRANSACTION_KIND_REFUND')),
  amount                   bigint NOT NULL CHECK (amount > 0),
  tip_amount               bigint NOT NULL DEFAULT 0 CHECK (tip_amount >= 0),
  tendered                 bigint CHECK (tendered >= 0),
  change_amount            bigint CHECK (change_amount >= 0),
  currency                 text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  payment_method_id        uuid NOT NULL,
  commission_percentage    numeric(5, 2) NOT NULL,
  commission               bigint NOT NULL CHECK (commission >= 0),
  status                   text NOT NULL CHECK (status IN (
                             'PAYMENT_TRANSACTION_STATUS_PENDING', 'PAYMENT_TRANSACTION_STATUS_COMPLETED', 'PAYMENT_TRANSACTION_STATUS_FAILED')),
  paid_at                  timestamptz,
  refund_of_transaction_id uuid,
  refund_sale_id           uuid,
  notes                    text CHECK (length(notes) <= 500),
  user_id                  uuid NOT NULL REFERENCES users (id),
  version                  integer NOT NULL DEFAULT 1,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id),
  FOREIGN KEY (tenant_id, payment_method_id) REFERENCES payment_methods (tenant_id, id),
  FOREIGN KEY (tenant_id, refund_of_transaction_id) REFERENCES payment_transactions (tenant_id, id),
  FOREIGN KEY (tenant_id, refund_sale_id) REFERENCES sales (tenant_id, id)
);
CREATE INDEX payment_transactions_sale_idx ON payment_transactions (tenant_id, sale_id, created_at);
CREATE INDEX payment_transactions_paid_idx ON payment_transactions (tenant_id, (coalesce(paid_at, created_at)));
CREATE INDEX payment_transactions_refund_of_idx ON payment_transactions (tenant_id, refund_of_transaction_id) WHERE refund_of_transaction_id IS NOT NULL;
CREATE TRIGGER payment_transactions_touch BEFORE UPDATE ON payment_transactions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

ALTER TABLE inventory_movements ADD COLUMN sale_id uuid;

-- A payment method that paid something is archived, not deleted (see 004).
CREATE OR REPLACE FUNCTION cita_payment_method_in_use(p_tenant uuid, p_id uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (SELECT 1 FROM payment_transactions WHERE tenant_id = p_tenant AND payment_method_id = p_id);

ALTER TABLE sales ENABLE ROW LEVEL SECURITY;
ALTER TABLE sales FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sales TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON sales TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON sales TO cita_app;

ALTER TABLE sale_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE sale_lines FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sale_lines TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON sale_lines TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON sale_lines TO cita_app;

ALTER TABLE payment_transactions ENABLE ROW LEVEL SECURITY;
ALTER TABLE payment_transactions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_transactions TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON payment_transactions TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_transactions TO cita_app;
