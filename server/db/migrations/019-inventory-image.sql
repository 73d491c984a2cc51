-- 019: a photo for each product (InventoryItem.imageAssetId), as services have one (010).
--
-- * inventory_items.image_asset_id: an image asset of the same business, checked by a foreign key on
--   (tenant_id, image_asset_id); deleting the asset clears it (ON DELETE SET NULL on that column only,
--   as services.image_asset_id in 010). The table keeps its row-level security (007).
-- * The index (tenant_id first) serves the foreign key's checks when an asset is deleted and the
--   asset cleaner's "is anything showing this image" test.

ALTER TABLE inventory_items ADD COLUMN image_asset_id uuid;
ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_image_asset_fkey FOREIGN KEY (tenant_id, image_asset_id) REFERENCES assets (tenant_id, id)
  ON DELETE SET NULL (image_asset_id);
CREATE INDEX inventory_items_image_asset_idx ON inventory_items (tenant_id, image_asset_id) WHERE image_asset_id IS NOT NULL;
