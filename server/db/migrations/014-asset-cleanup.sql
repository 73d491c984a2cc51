-- 014: deleting image bytes reliably, and finding images nothing references.
--
-- * asset_trash: storage keys whose `assets` row is gone and whose bytes (disk or S3-compatible
--   bucket) are still to be deleted. The row is written in the same transaction that deletes the
--   asset, so bytes are never forgotten when the storage is down at that moment; the asset cleaner
--   (server/assets/cleanup.ts, one per server instance) leases rows with FOR UPDATE SKIP LOCKED
--   (`leased_until`), deletes the bytes, then the row; a failure retries after the lease runs out.
--   No foreign key to tenants: the bytes of a deleted business still have to go.
-- * assets_unreferenced_idx: the cleaner's scan for old images, by age across tenants.
-- * service_objects_photos_idx: "which objects show this image" (photos @> [{assetId}]) without a scan.

CREATE TABLE asset_trash (
  tenant_id    uuid NOT NULL,
  storage_key  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  attempts     integer NOT NULL DEFAULT 0,
  last_error   text,
  PRIMARY KEY (tenant_id, storage_key)
);
CREATE INDEX asset_trash_due_idx ON asset_trash (leased_until);

ALTER TABLE asset_trash ENABLE ROW LEVEL SECURITY;
ALTER TABLE asset_trash FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON asset_trash TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON asset_trash TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON asset_trash TO cita_app;

CREATE INDEX assets_age_idx ON assets (created_at);
CREATE INDEX service_objects_photos_idx ON service_objects USING gin (photos jsonb_path_ops);
