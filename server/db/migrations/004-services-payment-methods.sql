-- 004: the business catalogue's services and payment methods.
--
-- * services: what the business sells and books. Money as integer minor units plus its currency
--   (always the tenant's; checked by the handler). `search` backs the free-text filter with a trigram
--   index; service_members says which team members perform a service (none: everyone) and follows the
--   team (removing a member removes their rows).
-- * payment_methods: how the business gets paid. At most one default per business.
-- * Deleting: a row that other records point at is archived (archived_at set) instead of removed, so
--   that an appointment or a sale keeps its service and a payment keeps its method. Whether a row is
--   referenced is answered by cita_service_in_use / cita_payment_method_in_use, which answer false
--   until a domain that refers to them exists: that domain's migration replaces the function
--   (CREATE OR REPLACE, same signature) with a check of its own table, e.g.
--     SELECT EXISTS (SELECT 1 FROM appointment_services WHERE tenant_id = p_tenant AND service_id = p_id)
--   and the handlers need no change. Archived rows leave the lists, cannot be changed, free their
--   name, and are still answered by id.
-- * Optimistic concurrency: `version` grows by one with every update (server/handlers/write-rules.ts).

CREATE TABLE services (
  tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description      text CHECK (length(description) <= 1000),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 720 AND duration_minutes % 5 = 0),
  price_amount     bigint NOT NULL CHECK (price_amount BETWEEN 0 AND 99999999),
  price_currency   text NOT NULL CHECK (price_currency ~ '^[A-Z]{3}$'),
  tax_included     boolean NOT NULL DEFAULT true,
  tax_percentage   numeric(5, 2) NOT NULL CHECK (tax_percentage >= 0 AND tax_percentage <= 100),
  color            text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  active           boolean NOT NULL DEFAULT true,
  category         text CHECK (length(category) <= 60),
  buffer_minutes   integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 120 AND buffer_minutes % 5 = 0),
  online_bookable  boolean NOT NULL DEFAULT false,
  search           text GENERATED ALWAYS AS (
                     cita_fold(name || ' ' || coalesce(category, '') || ' ' || coalesce(description, ''))
                   ) STORED,
  archived_at      timestamptz,
  version          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- Names are unique among the services that are not archived, regardless of case.
CREATE UNIQUE INDEX services_name_key ON services (tenant_id, lower(name)) WHERE archived_at IS NULL;
-- The default order of the list (category, then name).
CREATE INDEX services_list_idx ON services (tenant_id, lower(coalesce(category, '')), lower(name), id) WHERE archived_at IS NULL;
CREATE INDEX services_search_idx ON services USING gin (search gin_trgm_ops);
CREATE TRIGGER services_touch BEFORE UPDATE ON services FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE service_members (
  tenant_id  uuid NOT NULL,
  service_id uuid NOT NULL,
  user_id    uuid NOT NULL,
  PRIMARY KEY (tenant_id, service_id, user_id),
  FOREIGN KEY (tenant_id, service_id) REFERENCES services (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES memberships (tenant_id, user_id) ON DELETE CASCADE
);
-- "Services this team member performs" and the cascade from memberships.
CREATE INDEX service_members_user_idx ON service_members (tenant_id, user_id);

CREATE TABLE payment_methods (
  tenant_id             uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                    uuid NOT NULL DEFAULT gen_random_uuid(),
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind                  text NOT NULL CHECK (kind IN (
                          'PAYMENT_METHOD_KIND_CASH', 'PAYMENT_METHOD_KIND_CARD', 'PAYMENT_METHOD_KIND_TRANSFER',
                          'PAYMENT_METHOD_KIND_BIZUM', 'PAYMENT_METHOD_KIND_OTHER')),
  active                boolean NOT NULL DEFAULT true,
  commission_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (commission_percentage >= 0 AND commission_percentage <= 100),
  is_default            boolean NOT NULL DEFAULT false,
  sort_order            integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 1000),
  notes                 text CHECK (length(notes) <= 500),
  archived_at           timestamptz,
  version               integer NOT NULL DEFAULT 1,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX payment_methods_name_key ON payment_methods (tenant_id, lower(name)) WHERE archived_at IS NULL;
-- At most one default method per business.
CREATE UNIQUE INDEX payment_methods_default_key ON payment_methods (tenant_id) WHERE is_default AND archived_at IS NULL;
CREATE INDEX payment_methods_list_idx ON payment_methods (tenant_id, sort_order, lower(name), id) WHERE archived_at IS NULL;
CREATE TRIGGER payment_methods_touch BEFORE UPDATE ON payment_methods FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Whether other records refer to a service / payment method (see the top of this file).
CREATE FUNCTION cita_service_in_use(p_tenant uuid, p_id uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN false;
CREATE FUNCTION cita_payment_method_in_use(p_tenant uuid, p_id uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN false;
GRANT EXECUTE ON FUNCTION cita_service_in_use(uuid, uuid) TO cita_app;
GRANT EXECUTE ON FUNCTION cita_payment_method_in_use(uuid, uuid) TO cita_app;

ALTER TABLE services ENABLE ROW LEVEL SECURITY;
ALTER TABLE services FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON services TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON services TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON services TO cita_app;

ALTER TABLE service_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE service_members FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON service_members TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON service_members TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON service_members TO cita_app;

ALTER TABLE payment_methods ENABLE ROW LEVEL SECURITY;
ALTER TABLE payment_methods FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_methods TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON payment_methods TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON payment_methods TO cita_app;

-- Businesses that exist already get the two methods a new business starts with (payment-methods.ts).
INSERT INTO payment_methods (tenant_id, name, kind, is_default, sort_order)
  SELECT id, CASE WHEN locale = 'es-ES' THEN 'Efectivo' ELSE 'Cash' END, 'PAYMENT_METHOD_KIND_CASH', true, 0 FROM tenants;
INSERT INTO payment_methods (tenant_id, name, kind, is_default, sort_order)
  SELECT id, CASE WHEN locale = 'es-ES' THEN 'Tarjeta' ELSE 'Card' END, 'PAYMENT_METHOD_KIND_CARD', false, 1 FROM tenants;
