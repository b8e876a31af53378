-- Verified email addresses (issue 41, docs/TRUST.md). The account stream's AccountEmailVerified is the
-- fact; this column is its copy on the account's row, written in the same transaction
-- (api/src/auth/emailVerification.ts), so the handlers that need it (publishing a listing, starting a
-- conversation, reporting) and /api/auth/me read one row. NULL: not verified (or the email changed
-- since). Accounts made before verification existed are unverified: they are asked to confirm once.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
