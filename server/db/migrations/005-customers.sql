-- 005: customers and customer tags.
--
-- * customers: PRIMARY KEY (tenant_id, id); other domains (service objects, appointments, sales)
--   reference it as (tenant_id, customer_id) REFERENCES customers (tenant_id, id).
-- * search: a generated, folded (cita_fold: lower case, no accents) text of name, last name, e-mail
--   and phone digits, with a pg_trgm GIN index so that "contains" searches use the index.
-- * sort_name: folded "last name name" for the sorted list, with a b-tree index (tenant_id first).
-- * customer_tags + customer_tag_links: tags and which customers carry them; deleting a tag or a
--   customer removes its links (ON DELETE CASCADE).
-- * appointments_count, no_show_count, last_visit_date are kept by the appointments domain.

CREATE TABLE customers (
  tenant_id                  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                         uuid NOT NULL DEFAULT gen_random_uuid(),
  name                       text NOT NULL,
  last_name                  text,
  phone_country_code         text,
  phone_number               text,
  email                      text,
  birthday                   date,
  address                    jsonb,
  notes                      text,
  marketing_consent          boolean NOT NULL DEFAULT false,
  marketing_consent_at       timestamptz,
  tax_id                     text,
  preferred_reminder_channel text,
  reminders_enabled          boolean NOT NULL DEFAULT true,
  appointments_count         integer NOT NULL DEFAULT 0 CHECK (appointments_count >= 0),
  no_show_count              integer NOT NULL DEFAULT 0 CHECK (no_show_count >= 0),
  last_visit_date            date,
  version                    integer NOT NULL DEFAULT 1,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  phone_digits               text GENERATED ALWAYS AS (
                               regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g')) STORED,
  search                     text GENERATED ALWAYS AS (cita_fold(
                               coalesce(name, '') || ' ' || coalesce(last_name, '') || ' ' ||
                               coalesce(email, '') || ' ' ||
                               regexp_replace(coalesce(phone_country_code, '') || coalesce(phone_number, ''),
                                 '[^0-9]', '', 'g'))) STORED,
  sort_name                  text GENERATED ALWAYS AS (cita_fold(
                               coalesce(last_name, '') || ' ' || name)) STORED,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX customers_search_idx ON customers USING gin (search gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX customers_sort_name_idx ON customers (tenant_id, sort_name, id);
CREATE INDEX customers_first_name_idx ON customers (tenant_id, cita_fold(name), id);
CREATE INDEX customers_created_at_idx ON customers (tenant_id, created_at, id);
CREATE INDEX customers_email_idx ON customers (tenant_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX customers_phone_idx ON customers (tenant_id, phone_digits) WHERE phone_digits <> '';
-- The trigram index cannot serve a LIKE under row-level security: LIKE is not LEAKPROOF, so the planner
-- applies the tenant policy first and filters the tenant's rows one by one. This function runs the
-- search as the table owner (SECURITY DEFINER), pinned to the transaction's tenant (app.tenant_id,
-- set by withTenant), with the patterns as literals so that the planner uses customers_search_idx.
-- Each term (up to 8) must occur in the folded search text; LIKE wildcards in terms are escaped.
CREATE FUNCTION customer_search_ids(terms text[]) RETURNS TABLE (id uuid)
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
  RETURN QUERY EXECUTE 'SELECT c.id FROM customers c WHERE c.tenant_id = $1' || cond USING tenant;
END
$$;
REVOKE ALL ON FUNCTION customer_search_ids(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION customer_search_ids(text[]) TO cita_app;
CREATE TRIGGER customers_touch BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE customer_tags (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  color       text NOT NULL,
  description text,
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX customer_tags_name_key ON customer_tags (tenant_id, lower(name));
CREATE TRIGGER customer_tags_touch BEFORE UPDATE ON customer_tags FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE customer_tag_links (
  tenant_id   uuid NOT NULL,
  customer_id uuid NOT NULL,
  tag_id      uuid NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, tag_id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, tag_id) REFERENCES customer_tags (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX customer_tag_links_tag_idx ON customer_tag_links (tenant_id, tag_id, customer_id);

ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
ALTER TABLE customers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customers TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON customers TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON customers TO cita_app;

ALTER TABLE customer_tags ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_tags FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_tags TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON customer_tags TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON customer_tags TO cita_app;

ALTER TABLE customer_tag_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_tag_links FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_tag_links TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON customer_tag_links TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON customer_tag_links TO cita_app;
