-- 018: the catalogue's searches (services, inventory items, service objects) on tenant-first trigram
-- indexes, as the customers' (005, 015).
--
-- * The trigram indexes of 004, 006 and 007 were on `search` alone (not tenant-first), and the lists
--   could not use them anyway: under row-level security LIKE is not LEAKPROOF, so the planner applies
--   the tenant policy first and filters the business's rows one by one. They become tenant-first GIN
--   indexes (btree_gin: the tenant's uuid, and for service objects the customer's, as GIN keys beside
--   the trigrams), so that a search reads its own business's entries only.
-- * service_search, inventory_item_search, service_object_search: the rows of the table whose folded
--   search text contains every term (at most 8; LIKE wildcards escaped, each folded term required,
--   blank ones skipped; none left: no rows), run as the table owner (SECURITY DEFINER) pinned to the
--   transaction's tenant (app.tenant_id, set by withTenant), with the patterns as literals so that the
--   planner can use the index. They return whole rows: the handlers apply their other filters
--   (archived, deleted, active, …), order, page and count on them as they did on the table.

-- ' AND <alias>.search LIKE ''%term%''' for each term, folded and escaped; '' when no term is left.
CREATE FUNCTION cita_search_terms_condition(alias text, terms text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $$
DECLARE
  cond text := '';
  term text;
BEGIN
  IF terms IS NULL OR cardinality(terms) = 0 OR cardinality(terms) > 8 THEN
    RETURN '';
  END IF;
  FOREACH term IN ARRAY terms LOOP
    term := replace(replace(replace(cita_fold(coalesce(term, '')), '\', '\\'), '%', '\%'), '_', '\_');
    IF term = '' THEN CONTINUE; END IF;
    cond := cond || format(' AND %I.search LIKE %L', alias, '%' || term || '%');
  END LOOP;
  RETURN cond;
END
$$;
REVOKE ALL ON FUNCTION cita_search_terms_condition(text, text[]) FROM PUBLIC;

DROP INDEX services_search_idx;
CREATE INDEX services_search_idx ON services USING gin (tenant_id, search gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION service_search(terms text[]) RETURNS SETOF services
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond   text := cita_search_terms_condition('s', terms);
BEGIN
  IF tenant IS NULL OR cond = '' THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT s.* FROM services s WHERE s.tenant_id = $1' || cond USING tenant;
END
$$;
REVOKE ALL ON FUNCTION service_search(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION service_search(text[]) TO cita_app;

DROP INDEX inventory_items_search_idx;
CREATE INDEX inventory_items_search_idx ON inventory_items USING gin (tenant_id, search gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION inventory_item_search(terms text[]) RETURNS SETOF inventory_items
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond   text := cita_search_terms_condition('i', terms);
BEGIN
  IF tenant IS NULL OR cond = '' THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT i.* FROM inventory_items i WHERE i.tenant_id = $1' || cond USING tenant;
END
$$;
REVOKE ALL ON FUNCTION inventory_item_search(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inventory_item_search(text[]) TO cita_app;

-- Objects are searched per customer: the customer is a key of the index too (a fleet customer of a
-- workshop can bring thousands of vehicles; for a customer with a few objects the planner reads them
-- through service_objects_customer_idx instead).
DROP INDEX service_objects_search_idx;
CREATE INDEX service_objects_search_idx ON service_objects USING gin (tenant_id, customer_id, search gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION service_object_search(customer uuid, terms text[]) RETURNS SETOF service_objects
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond   text := cita_search_terms_condition('o', terms);
BEGIN
  IF tenant IS NULL OR customer IS NULL OR cond = '' THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT o.* FROM service_objects o WHERE o.tenant_id = $1 AND o.customer_id = $2' || cond USING tenant, customer;
END
$$;
REVOKE ALL ON FUNCTION service_object_search(uuid, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION service_object_search(uuid, text[]) TO cita_app;
