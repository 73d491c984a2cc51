-- 075: indexes of the figures (issue 20: reports, statistics, dashboard).
-- * sales_report_idx: the detailed report and its CSV page by keyset in sale order (sold_at, id).
-- * sales_user_sold_idx: a member's own figures (Sale.userId) by local date.
-- * appointments_local_idx: appointments by the business's local date (statistics, dashboard, unbilled).
CREATE INDEX sales_report_idx ON sales (tenant_id, sold_at, id);
CREATE INDEX sales_user_sold_idx ON sales (tenant_id, user_id, sold_on);
CREATE INDEX appointments_local_idx ON appointments (tenant_id, start_local);
