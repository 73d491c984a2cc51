-- 060: a business's country and the name of its tax (issue 18, "set up right"). The country sets the
-- defaults of the currency, the tax rate and name, the date order and the phone dial code
-- (common/regions.ts); NULL for businesses created before it was asked. tax_name NULL: no tax name.
ALTER TABLE tenants ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE tenants ADD COLUMN tax_name text CHECK (char_length(tax_name) BETWEEN 1 AND 40);
