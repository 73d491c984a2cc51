-- 010: a picture for each service (Service.imageAssetId).
--
-- * services.image_asset_id: an image asset of the same business, checked by a foreign key on
--   (tenant_id, image_asset_id); deleting the asset clears it (ON DELETE SET NULL on that column only,
--   as tenants.logo_asset_id in 006).

ALTER TABLE services ADD COLUMN image_asset_id uuid;
ALTER TABLE services ADD CONSTRAINT services_image_asset_fkey FOREIGN KEY (tenant_id, image_asset_id) REFERENCES assets (tenant_id, id)
  ON DELETE SET NULL (image_asset_id);
CREATE INDEX services_image_asset_idx ON services (tenant_id, image_asset_id) WHERE image_asset_id IS NOT NULL;
