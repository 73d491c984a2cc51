-- 022: businesses and users get an optimistic-concurrency version like every other updatable row
-- (ARCHITECTURE, write conventions). The settings and profile forms send the version they read; a
-- stale one answers 409 stale_version instead of silently overwriting another person's save.
-- (021 is the appointments' cancellation-link version.)

ALTER TABLE tenants ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
