-- 160 (issue 17): whether a business's prices include tax. In Spain (and most of the world) a price
-- list includes IVA; a US till adds sales tax on top of the price. The business chooses (derived from
-- its country at onboarding, editable until its first sale, like the currency); each sale snapshots
-- the mode it was charged in, so that its refunds and its invoice are computed the same way.
-- Existing businesses keep tax-included prices, except those in the United States.

ALTER TABLE tenants ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT true;
UPDATE tenants SET prices_include_tax = false WHERE country = 'US';
ALTER TABLE sales ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT true;
