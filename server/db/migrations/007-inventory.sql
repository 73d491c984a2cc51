-- 007: inventory items and their stock ledger.
--
-- * inventory_items: a product in stock. `quantity` never goes below zero (CHECK) and moves only
--   through inventory_movements (the adjustment operation, later sales), each written in the same
--   transaction as the stock update, under a row lock of the item. Deleting archives (deleted_at):
--   movements and sales keep pointing at the row, and its sku/barcode become free again.
-- * inventory_movements: the ledger; seq orders movements recorded in the same instant.
-- * search: cita_fold of name, sku and barcode behind a trigram index (LIKE '%…%' on both engines).
CREATE TABLE inventory_items (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  name            text NOT NULL,
  sku             text,
  barcode         text,
  description     text,
  category        text,
  unit            text NOT NULL DEFAULT 'INVENTORY_UNIT_PIECE',
  quantity        numeric(13, 3) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  min_quantity    numeric(13, 3) CHECK (min_quantity >= 0),
  cost_amount     bigint,
  cost_currency   text,
  price_amount    bigint,
  price_currency  text,
  tax_percentage  numeric(5, 2) NOT NULL,
  supplier        text,
  active          boolean NOT NULL DEFAULT true,
  version         integer NOT NULL DEFAULT 1,
  deleted_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  search          text GENERATED ALWAYS AS (cita_fold(name || ' ' || coalesce(sku, '') || ' ' || coalesce(barcode, ''))) STORED,
  PRIMARY KEY (tenant_id, id),
  CHECK ((cost_amount IS NULL) = (cost_currency IS NULL)),
  CHECK ((price_amount IS NULL) = (price_currency IS NULL))
);
CREATE UNIQUE INDEX inventory_items_sku_key ON inventory_items (tenant_id, lower(sku)) WHERE sku IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX inventory_items_barcode_key ON inventory_items (tenant_id, barcode) WHERE barcode IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX inventory_items_name_idx ON inventory_items (tenant_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX inventory_items_search_idx ON inventory_items USING gin (search gin_trgm_ops);
CREATE INDEX inventory_items_low_stock_idx ON inventory_items (tenant_id) WHERE deleted_at IS NULL AND min_quantity IS NOT NULL AND quantity <= min_quantity;
CREATE TRIGGER inventory_items_touch BEFORE UPDATE ON inventory_items FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE inventory_movements (
  tenant_id           uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  item_id             uuid NOT NULL,
  seq                 bigint GENERATED ALWAYS AS IDENTITY,
  delta               numeric(13, 3) NOT NULL,
  quantity_after      numeric(13, 3) NOT NULL CHECK (quantity_after >= 0),
  reason              text NOT NULL,
  note                text,
  created_by_user_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, item_id) REFERENCES inventory_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX inventory_movements_item_idx ON inventory_movements (tenant_id, item_id, created_at DESC, seq DESC);

ALTER TABLE inventory_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE inventory_items FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON inventory_items TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON inventory_items TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON inventory_items TO cita_app;

ALTER TABLE inventory_movements ENABLE ROW LEVEL SECURITY;
ALTER TABLE inventory_movements FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON inventory_movements TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON inventory_movements TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON inventory_movements TO cita_app;
