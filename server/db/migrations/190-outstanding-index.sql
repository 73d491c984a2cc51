-- 190: the sales that still owe money (issue 20: the dashboard's and the summary's "outstanding").
-- A sale's outstanding amount is computed from four of its columns, so no ordinary index finds the few
-- sales that owe something among a business's whole history (1,689 of 80,000 in the bench's busy
-- salon): each dashboard read every sale ever. A partial index holds only those sales; its INCLUDE
-- columns answer the sum without reading the table.
CREATE INDEX sales_outstanding_idx ON sales (tenant_id, user_id, sold_on) INCLUDE (total, refunded_lines, paid, refunded)
  WHERE refund_of_sale_id IS NULL AND lifecycle = 'SALE_LIFECYCLE_COMPLETED' AND (total - refunded_lines) - (paid - refunded) > 0;
