-- 002: privileges that hang on an e-mail address need that address verified by the identity
-- provider (anyone can sign up with a password under an address they do not own).
-- users.email_verified is refreshed at every login; a session is an administrator's only when it was
-- opened with a verified administrator e-mail.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
ALTER TABLE sessions ADD COLUMN is_admin boolean NOT NULL DEFAULT false;
