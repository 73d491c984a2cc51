-- 080: QR codes (issue 19).
--
-- * qr_codes: a printable code of a business. The kinds that redirect (booking page, price list,
--   review, any URL) encode the short public address /q/{code}; `code` is unique across Cita, since
--   /q/{code} names no business. A BOOKING code without target_url follows the business's booking
--   address at each scan. WIFI and PAYMENT keep what they encode in wifi/payment (no short link).
--   Deleting one keeps its row with deleted_at, so that its printed copies answer 410 Gone.
-- * qr_code_scans: scans per day (in the business's time zone), counted by the /q/ redirect in the
--   same statement as qr_codes.scan_count.
CREATE TABLE qr_codes (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  code             text CHECK (code ~ '^[A-Za-z0-9]{8}$'),
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  kind             text NOT NULL CHECK (kind IN ('QR_CODE_KIND_BOOKING', 'QR_CODE_KIND_PRICE_LIST', 'QR_CODE_KIND_REVIEW',
                                                 'QR_CODE_KIND_URL', 'QR_CODE_KIND_WIFI', 'QR_CODE_KIND_PAYMENT')),
  target_url       text CHECK (target_url ~ '^[Hh][Tt][Tt][Pp][Ss]?://' AND char_length(target_url) <= 2048),
  wifi             jsonb,
  payment          jsonb,
  foreground_color text NOT NULL DEFAULT '#000000',
  background_color text NOT NULL DEFAULT '#ffffff',
  scan_count       integer NOT NULL DEFAULT 0 CHECK (scan_count >= 0),
  last_scanned_at  timestamptz,
  deleted_at       timestamptz,
  version          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((kind IN ('QR_CODE_KIND_WIFI', 'QR_CODE_KIND_PAYMENT')) = (code IS NULL)),
  CHECK ((kind = 'QR_CODE_KIND_WIFI') = (wifi IS NOT NULL)),
  CHECK ((kind = 'QR_CODE_KIND_PAYMENT') = (payment IS NOT NULL))
);
CREATE UNIQUE INDEX qr_codes_code_key ON qr_codes (code);
CREATE INDEX qr_codes_list_idx ON qr_codes (tenant_id, created_at DESC, id) WHERE deleted_at IS NULL;
CREATE TRIGGER qr_codes_touch BEFORE UPDATE ON qr_codes FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE qr_code_scans (
  tenant_id uuid NOT NULL,
  qr_id     uuid NOT NULL,
  day       date NOT NULL,
  count     integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (tenant_id, qr_id, day),
  FOREIGN KEY (tenant_id, qr_id) REFERENCES qr_codes (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE qr_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE qr_codes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON qr_codes TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON qr_codes TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON qr_codes TO cita_app;

ALTER TABLE qr_code_scans ENABLE ROW LEVEL SECURITY;
ALTER TABLE qr_code_scans FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON qr_code_scans TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON qr_code_scans TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON qr_code_scans TO cita_app;
