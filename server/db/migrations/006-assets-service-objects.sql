-- 006: images (assets) and the objects customers bring (service objects).
--
-- * assets: one row per stored image of a tenant. The bytes live in the asset storage
--   (server/assets: files under DATA_DIR/assets by default), named by storage_key; the row is what
--   the API checks (tenant, existence) before serving or referencing them. Images are re-encoded on
--   upload, so size/width/height/mime_type describe the stored file; original_size is the upload's.
-- * Image references are asset ids, checked by foreign keys: tenants.logo_asset_id/cover_asset_id
--   (same tenant), users.avatar_asset_id with avatar_tenant_id (an avatar is uploaded within one of
--   the user's businesses). Deleting an asset clears them (ON DELETE SET NULL, PostgreSQL 15+ for
--   the column list); service-object photos (jsonb) are cleared by removeAsset.
-- * service_objects: PRIMARY KEY (tenant_id, id), owned by a customer (tenant_id, customer_id);
--   photos is a jsonb array of {assetId, caption}, attributes of {key, value}; `search` is the folded
--   (cita_fold) text of name, kind, brand, model and identifier with a pg_trgm GIN index.

CREATE TABLE assets (
  tenant_id     uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  storage_key   text NOT NULL,
  mime_type     text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp')),
  file_name     text NOT NULL,
  size          integer NOT NULL CHECK (size > 0),
  original_size integer NOT NULL CHECK (original_size > 0),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  created_by    uuid NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX assets_created_at_idx ON assets (tenant_id, created_at, id);

ALTER TABLE assets ENABLE ROW LEVEL SECURITY;
ALTER TABLE assets FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON assets TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON assets TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON assets TO cita_app;

ALTER TABLE tenants ADD COLUMN logo_asset_id uuid;
ALTER TABLE tenants ADD COLUMN cover_asset_id uuid;
ALTER TABLE tenants ADD CONSTRAINT tenants_logo_asset_fkey FOREIGN KEY (id, logo_asset_id) REFERENCES assets (tenant_id, id)
  ON DELETE SET NULL (logo_asset_id);
ALTER TABLE tenants ADD CONSTRAINT tenants_cover_asset_fkey FOREIGN KEY (id, cover_asset_id) REFERENCES assets (tenant_id, id)
  ON DELETE SET NULL (cover_asset_id);

ALTER TABLE users ADD COLUMN avatar_tenant_id uuid;
ALTER TABLE users ADD COLUMN avatar_asset_id uuid;
ALTER TABLE users ADD CONSTRAINT users_avatar_asset_fkey FOREIGN KEY (avatar_tenant_id, avatar_asset_id) REFERENCES assets (tenant_id, id)
  ON DELETE SET NULL;
ALTER TABLE users ADD CONSTRAINT users_avatar_both CHECK ((avatar_tenant_id IS NULL) = (avatar_asset_id IS NULL));
CREATE INDEX users_avatar_idx ON users (avatar_tenant_id, avatar_asset_id) WHERE avatar_asset_id IS NOT NULL;

CREATE TABLE service_objects (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  name        text NOT NULL,
  kind        text,
  brand       text,
  model       text,
  identifier  text,
  notes       text,
  photos      jsonb NOT NULL DEFAULT '[]',
  attributes  jsonb NOT NULL DEFAULT '[]',
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  search      text GENERATED ALWAYS AS (cita_fold(
                coalesce(name, '') || ' ' || coalesce(kind, '') || ' ' || coalesce(brand, '') || ' ' ||
                coalesce(model, '') || ' ' || coalesce(identifier, ''))) STORED,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX service_objects_customer_idx ON service_objects (tenant_id, customer_id, cita_fold(name), id);
CREATE INDEX service_objects_search_idx ON service_objects USING gin (search gin_trgm_ops);
CREATE TRIGGER service_objects_touch BEFORE UPDATE ON service_objects FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

ALTER TABLE service_objects ENABLE ROW LEVEL SECURITY;
ALTER TABLE service_objects FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON service_objects TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON service_objects TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON service_objects TO cita_app;
