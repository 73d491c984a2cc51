-- 001: identity (users, sessions) and tenancy (tenants, memberships, invitations, portfolio items).
--
-- Tenant-scoped tables have tenant_id first in every key (they distribute by tenant) and row-level
-- security: the application role cita_app sees and writes only the rows of the tenant named by the
-- transaction's app.tenant_id setting. users and sessions are not tenant-scoped and cita_app has no
-- privileges on them at all: identity work runs as the owner (Database.withSystem).

-- The application role. Cluster-wide, so it may already exist (also created concurrently by a
-- migration of another database on the same server).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cita_app') THEN
    BEGIN
      CREATE ROLE cita_app NOLOGIN NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  -- SET ROLE cita_app needs membership; superusers have it implicitly.
  IF NOT pg_has_role(current_user, 'cita_app', 'USAGE') THEN
    EXECUTE format('GRANT cita_app TO %I', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO cita_app;

-- Keeps updated_at current on every UPDATE.
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

-- ---------------------------------------------------------------- identity (not tenant-scoped)

CREATE TABLE users (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email               text NOT NULL,
  firebase_uid        text UNIQUE,
  status              text NOT NULL DEFAULT 'USER_STATUS_NEW' CHECK (status IN (
                        'USER_STATUS_UNSPECIFIED', 'USER_STATUS_ACTIVE', 'USER_STATUS_NEW',
                        'USER_STATUS_DELETED', 'USER_STATUS_SUSPENDED')),
  name                text,
  last_name           text,
  locale              text NOT NULL DEFAULT 'en-US',
  phone_country_code  text,
  phone_number        text,
  avatar_url          text,
  promotions_accepted boolean NOT NULL DEFAULT false,
  terms_accepted_at   timestamptz,
  registering_from    text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are unique regardless of case: look them up with lower(email) = lower($1).
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,            -- hex SHA-256 of the session token; the token itself is never stored
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  last_seen_at timestamptz,
  user_agent   text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- ---------------------------------------------------------------- tenancy

CREATE TABLE tenants (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status               text NOT NULL DEFAULT 'TENANT_STATUS_PENDING_OPENING_HOURS' CHECK (status IN (
                         'TENANT_STATUS_UNSPECIFIED', 'TENANT_STATUS_ACTIVE',
                         'TENANT_STATUS_PENDING_OPENING_HOURS', 'TENANT_STATUS_PENDING_SERVICES_DEFINITION',
                         'TENANT_STATUS_DELETED', 'TENANT_STATUS_SUSPENDED')),
  business_name        text NOT NULL,
  email                text NOT NULL,
  category             text,
  description          text,
  phone_country_code   text,
  phone_number         text,
  website              text,
  address              jsonb,
  tax_id               text,
  time_zone            text NOT NULL DEFAULT 'Europe/Madrid',
  locale               text NOT NULL DEFAULT 'en-US',
  currency_code        text NOT NULL DEFAULT 'EUR',
  currency_symbol      text NOT NULL DEFAULT '€',
  tax_percentage       numeric(5, 2) NOT NULL DEFAULT 21 CHECK (tax_percentage >= 0 AND tax_percentage <= 100),
  services             jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(services) = 'array'),
  opening_hours        jsonb,
  work_mode            jsonb,
  license_status       text NOT NULL DEFAULT 'LICENSE_STATUS_UNSPECIFIED' CHECK (license_status IN (
                         'LICENSE_STATUS_UNSPECIFIED', 'LICENSE_STATUS_BETA_TESTER', 'LICENSE_STATUS_TRIAL',
                         'LICENSE_STATUS_PRO', 'LICENSE_STATUS_PREMIUM', 'LICENSE_STATUS_EXPIRED')),
  license_active_until timestamptz,
  logo_url             text,
  cover_url            text,
  owner_user_id        uuid NOT NULL REFERENCES users (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenants_owner_user_id_idx ON tenants (owner_user_id);
CREATE INDEX tenants_created_at_idx ON tenants (created_at DESC);
CREATE TRIGGER tenants_touch BEFORE UPDATE ON tenants FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE memberships (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role      text NOT NULL CHECK (role IN ('TEAM_ROLE_OWNER', 'TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id)
);
-- Exactly one owner per business (the owner membership is created with the tenant).
CREATE UNIQUE INDEX memberships_one_owner_key ON memberships (tenant_id) WHERE role = 'TEAM_ROLE_OWNER';
-- A user's memberships, across tenants (withSystem).
CREATE INDEX memberships_user_id_idx ON memberships (user_id);

CREATE TABLE invitations (
  tenant_id           uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  email               text NOT NULL,
  role                text NOT NULL CHECK (role IN ('TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER')),
  status              text NOT NULL DEFAULT 'INVITATION_STATUS_PENDING' CHECK (status IN (
                        'INVITATION_STATUS_UNSPECIFIED', 'INVITATION_STATUS_PENDING', 'INVITATION_STATUS_ACCEPTED',
                        'INVITATION_STATUS_REVOKED', 'INVITATION_STATUS_EXPIRED')),
  invited_by_user_id  uuid NOT NULL REFERENCES users (id),
  expires_at          timestamptz NOT NULL,
  accepted_at         timestamptz,
  accepted_by_user_id uuid REFERENCES users (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- At most one pending invitation per address and business (inviting again renews it).
CREATE UNIQUE INDEX invitations_pending_email_key ON invitations (tenant_id, lower(email))
  WHERE status = 'INVITATION_STATUS_PENDING';
-- The invitations addressed to a user, across tenants (withSystem).
CREATE INDEX invitations_email_idx ON invitations (lower(email));
CREATE TRIGGER invitations_touch BEFORE UPDATE ON invitations FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE portfolio_items (
  tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  title          text NOT NULL,
  description    text,
  image_asset_id uuid NOT NULL,
  image_url      text NOT NULL,
  tags           jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(tags) = 'array'),
  featured       boolean NOT NULL DEFAULT false,
  service_id     uuid,
  customer_id    uuid,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX portfolio_items_list_idx ON portfolio_items (tenant_id, featured DESC, created_at DESC);
CREATE TRIGGER portfolio_items_touch BEFORE UPDATE ON portfolio_items FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- ---------------------------------------------------------------- row-level security
--
-- tenant_isolation applies to cita_app: rows of the tenant in app.tenant_id only, for reading
-- (USING) and writing (WITH CHECK). No setting, or an empty one, matches nothing.
-- owner_access lets the role that owns the tables (the one running these migrations, used by
-- withSystem) keep seeing everything when it is not a superuser, since FORCE applies to owners too.
-- Superusers (PGlite, a local PostgreSQL) bypass row-level security anyway.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenants TO cita_app
  USING (id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON tenants TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON tenants TO cita_app;

ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
ALTER TABLE memberships FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON memberships TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON memberships TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON memberships TO cita_app;

ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invitations TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON invitations TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON invitations TO cita_app;

ALTER TABLE portfolio_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE portfolio_items FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON portfolio_items TO cita_app
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY owner_access ON portfolio_items TO CURRENT_USER USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON portfolio_items TO cita_app;
