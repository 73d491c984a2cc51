-- 020: every stored amount within the money module's one bound (common/money/amount.ts,
-- MAX_AMOUNT_MINOR = 10^12 minor units), as the API checks it (422 out_of_range).
--
-- * services.price_amount: 0..10^12 instead of 0..99,999,999 (a 1,000,000 COP treatment, about €220,
--   did not fit).
-- * inventory_items.cost_amount and price_amount: 0..10^12 (they had no bound at all).
-- * appointments.total_amount and appointment_services.price_amount: 0..10^12 (they had only >= 0).
-- Every row written through the API is already within it (the contract's Money has always been
-- within ±10^12, and every handler refused negative prices), so the constraints are validated now.

ALTER TABLE services DROP CONSTRAINT services_price_amount_check;
ALTER TABLE services ADD CONSTRAINT services_price_amount_check CHECK (price_amount BETWEEN 0 AND 1000000000000);

ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_cost_amount_check CHECK (cost_amount BETWEEN 0 AND 1000000000000);
ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_price_amount_check CHECK (price_amount BETWEEN 0 AND 1000000000000);

ALTER TABLE appointments DROP CONSTRAINT appointments_total_amount_check;
ALTER TABLE appointments ADD CONSTRAINT appointments_total_amount_check CHECK (total_amount BETWEEN 0 AND 1000000000000);

ALTER TABLE appointment_services DROP CONSTRAINT appointment_services_price_amount_check;
ALTER TABLE appointment_services ADD CONSTRAINT appointment_services_price_amount_check CHECK (price_amount BETWEEN 0 AND 1000000000000);
