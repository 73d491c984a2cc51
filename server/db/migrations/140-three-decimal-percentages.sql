-- 140 (issue 17): percentages with three decimals. US sales taxes have them (New York City 8.875 %),
-- and numeric(5, 2) would round 8.875 to 8.88. Every stored percentage becomes numeric(6, 3), read
-- and checked by the money module in thousandths of a percent (common/money/document.ts): tax rates,
-- and with them discounts, commissions and withholdings, so that one rule (0 to 100, at most three
-- decimals) reads every percentage. Widening keeps every value as it is (21.00 is 21.000) and the
-- CHECK constraints (0 to 100) stay.

ALTER TABLE tenants ALTER COLUMN tax_percentage TYPE numeric(6, 3);
ALTER TABLE services ALTER COLUMN tax_percentage TYPE numeric(6, 3);
ALTER TABLE payment_methods ALTER COLUMN commission_percentage TYPE numeric(6, 3);
ALTER TABLE inventory_items ALTER COLUMN tax_percentage TYPE numeric(6, 3);
ALTER TABLE sales ALTER COLUMN discount_percentage TYPE numeric(6, 3);
ALTER TABLE sale_lines ALTER COLUMN tax_percentage TYPE numeric(6, 3);
ALTER TABLE sale_lines ALTER COLUMN discount_percentage TYPE numeric(6, 3);
ALTER TABLE payment_transactions ALTER COLUMN commission_percentage TYPE numeric(6, 3);
ALTER TABLE invoice_settings ALTER COLUMN default_withholding TYPE numeric(6, 3);
ALTER TABLE invoices ALTER COLUMN withholding_percentage TYPE numeric(6, 3);
ALTER TABLE admin_invoices ALTER COLUMN tax_percentage TYPE numeric(6, 3);
ALTER TABLE expenses ALTER COLUMN withholding_percentage TYPE numeric(6, 3);
