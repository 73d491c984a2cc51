-- 200: a year of report lines without reading the business's whole history (issue 20, books bench).
-- The summary's items, the statistics' top items and the detailed report's totals joined every line
-- the business ever sold (160,000 in the bench's busy salon, 3 years) to the range's sales, because a
-- line knew its sale but not its date. A line now carries its sale's local date (sold_on: a sale's
-- date and lines never change once written) and an index of the lines by date answers those reads
-- from the index alone (INCLUDE: what they sum and group by). A sale carries its number of lines
-- (line_count), so the detailed report's first page counts and sums the range's sales, not their lines
-- (a sale's subtotal, discount, tax and total are the sums of its lines': computeDocument shares them).
ALTER TABLE sale_lines ADD COLUMN sold_on date;
UPDATE sale_lines l SET sold_on = s.sold_on FROM sales s WHERE s.tenant_id = l.tenant_id AND s.id = l.sale_id;
ALTER TABLE sale_lines ALTER COLUMN sold_on SET NOT NULL;
CREATE INDEX sale_lines_sold_idx ON sale_lines (tenant_id, sold_on)
  INCLUDE (sale_id, kind, item_id, name, quantity, tax_percentage, base, discount, tax, total);

ALTER TABLE sales ADD COLUMN line_count smallint NOT NULL DEFAULT 0;
UPDATE sales s SET line_count = x.n
  FROM (SELECT tenant_id, sale_id, count(*) AS n FROM sale_lines GROUP BY tenant_id, sale_id) x
 WHERE x.tenant_id = s.tenant_id AND x.sale_id = s.id;
ALTER TABLE sales ALTER COLUMN line_count DROP DEFAULT;
