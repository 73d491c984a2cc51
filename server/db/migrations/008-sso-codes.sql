-- 008: single sign-on codes (issue: proof under abuse). /login/sso no longer hands an ID token to the
-- relying application in a URL: it gets a one-time code, bound to the exact redirect_uri and valid
-- for a minute, that the application exchanges server-side (POST /v1/sso/token). Only the code's
-- SHA-256 is stored. Not tenant-scoped: identity, like sessions (no privileges for cita_app).
CREATE TABLE sso_codes (
  code_hash    text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX sso_codes_expiry_idx ON sso_codes (expires_at);
