-- Accounts are ordinary tables, not events (DESIGN §4): users, the tokens a
-- logout revoked, and failed logins for the brute-force limit.

-- `email` is stored lower-case, so the unique constraint is case-insensitive.
-- `token_generation` is copied into every token; a password change bumps it,
-- which ends every token issued before.
CREATE TABLE users (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  email            text NOT NULL UNIQUE CHECK (email = lower(email)),
  phone            text NOT NULL,
  role             text NOT NULL CHECK (role IN ('homeowner', 'broker', 'tenant', 'admin')),
  password_hash    text NOT NULL,
  token_generation integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);

-- Tokens ended by logout, kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti        text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);

-- One row per failed login, keyed by the normalised email tried and the
-- client address it came from; rows older than the window are pruned.
CREATE TABLE login_failures (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email     text NOT NULL,
  address   text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_address ON login_failures (address, failed_at);
CREATE INDEX login_failures_failed_at ON login_failures (failed_at);
