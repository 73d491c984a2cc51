-- 081: the portfolio (issue 19): before/after photos, the customer's consent, versions, and the
-- business's choice to show it on the public booking page.
--
-- * portfolio_items.before_image_asset_id: the optional before photo (the asset cleaner counts it as
--   a reference, server/assets/cleanup.ts).
-- * consent_*: a photo of a customer is shown only while their consent stands: who recorded it and
--   when; revoking it (who, when) hides the item everywhere.
-- * version: optimistic concurrency, as every updatable row.
-- * tenants.portfolio_on_booking_page: off until the owner turns it on.
ALTER TABLE portfolio_items
  ADD COLUMN before_image_asset_id uuid,
  ADD COLUMN consent_recorded_at   timestamptz,
  ADD COLUMN consent_recorded_by   uuid,
  ADD COLUMN consent_revoked_at    timestamptz,
  ADD COLUMN consent_revoked_by    uuid,
  ADD COLUMN version               integer NOT NULL DEFAULT 1,
  ADD CONSTRAINT portfolio_items_consent_check CHECK ((consent_recorded_at IS NULL) = (consent_recorded_by IS NULL)),
  ADD CONSTRAINT portfolio_items_title_check CHECK (char_length(title) BETWEEN 1 AND 120);

ALTER TABLE tenants ADD COLUMN portfolio_on_booking_page boolean NOT NULL DEFAULT false;
