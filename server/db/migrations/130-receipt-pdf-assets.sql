-- Issue 20: a receipt may be a PDF. The asset keeps it as uploaded (mime_type application/pdf, storage
-- key "<tenantId>/<id>.pdf"); a PDF has no size in pixels, so width and height are only an image's.
-- Only expenses reference a PDF (server/assets/references.ts refuses one where an image is shown).
ALTER TABLE assets DROP CONSTRAINT assets_mime_type_check;
ALTER TABLE assets ADD CONSTRAINT assets_mime_type_check CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'));
ALTER TABLE assets ALTER COLUMN width DROP NOT NULL;
ALTER TABLE assets ALTER COLUMN height DROP NOT NULL;
ALTER TABLE assets ADD CONSTRAINT assets_image_size_check CHECK ((mime_type = 'application/pdf') = (width IS NULL AND height IS NULL));
