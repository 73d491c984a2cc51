-- 015: cheaper customer searches (measured on 10,000 customers of one business among 50,000).
--
-- * customers_search_idx becomes a tenant-first GIN index (btree_gin: the tenant's uuid as a GIN key
--   beside the trigrams): a search reads its own business's entries only, instead of intersecting
--   every business's trigram matches with a bitmap of the business's whole primary-key range.
-- * customer_search(terms): the rows of customer_search_ids (same rules: SECURITY DEFINER pinned to
--   app.tenant_id, every term escaped and required), with the columns the ranked search and the
--   list need, read in the same bitmap heap scan: no second look-up of each hit by primary key.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX customers_search_idx;
CREATE INDEX customers_search_idx ON customers USING gin (tenant_id, search gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION customer_search(terms text[])
  RETURNS TABLE (id uuid, name text, last_name text, phone_country_code text, phone_number text, email text,
                 created_at timestamptz, search text, sort_name text, phone_digits text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond   text := '';
  term   text;
BEGIN
  IF tenant IS NULL OR terms IS NULL OR cardinality(terms) = 0 OR cardinality(terms) > 8 THEN
    RETURN;
  END IF;
  FOREACH term IN ARRAY terms LOOP
    term := replace(replace(replace(cita_fold(coalesce(term, '')), '\', '\\'), '%', '\%'), '_', '\_');
    IF term = '' THEN CONTINUE; END IF;
    cond := cond || format(' AND c.search LIKE %L', '%' || term || '%');
  END LOOP;
  IF cond = '' THEN RETURN; END IF;
  RETURN QUERY EXECUTE
    'SELECT c.id, c.name, c.last_name, c.phone_country_code, c.phone_number, c.email, c.created_at, c.search, c.sort_name, c.phone_digits
       FROM customers c WHERE c.tenant_id = $1' || cond USING tenant;
END
$$;
REVOKE ALL ON FUNCTION customer_search(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION customer_search(text[]) TO cita_app;
