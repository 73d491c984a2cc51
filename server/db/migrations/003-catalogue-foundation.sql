-- 003: what every catalogue domain (and later appointments, sales) builds on.
--
-- * pg_trgm and btree_gist: trigram indexes for searches (LIKE '%…%' on an index, not a sequential
--   scan) and exclusion constraints (double booking). Both are "trusted" extensions: a database owner
--   may create them; PGlite loads them in openPglite.
-- * cita_fold(text): lower case without accents, IMMUTABLE so that it can back a generated column or
--   an expression index ("Peña" is found by "pena"). unaccent() is not immutable, so the map is explicit.
-- * idempotency_keys: a retried create with the same Idempotency-Key answers the first response
--   (server/handlers/write-rules.ts), remembered per tenant.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE FUNCTION cita_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(translate(value,
    'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy'));
GRANT EXECUTE ON FUNCTION cita_fold(text) TO cita_app;

CREATE TABLE idempotency_keys (
  tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key             text NOT NULL,
  operation       text NOT NULL,
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, key)
);
CREATE INDEX idempotency_keys_age_idx ON idempotency_keys (tenant_id, created_at);

ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON idempotency_keys TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON idempotency_keys TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO cita_app;
