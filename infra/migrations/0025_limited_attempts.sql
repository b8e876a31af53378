-- Failed logins become one kind of limited attempt among others (password
-- changes, registrations): one table, one mechanism (api/src/access/attemptLimit.ts).
-- `subject` is what one limit is about (the email tried, the account), `action`
-- which limit the row counts for. Existing failed logins keep counting.
ALTER TABLE login_failures RENAME TO limited_attempts;
ALTER TABLE limited_attempts RENAME COLUMN email TO subject;
ALTER TABLE limited_attempts RENAME COLUMN failed_at TO attempted_at;
ALTER TABLE limited_attempts ADD COLUMN action text NOT NULL DEFAULT 'login';
ALTER TABLE limited_attempts ALTER COLUMN action DROP DEFAULT;

DROP INDEX login_failures_address;
DROP INDEX login_failures_failed_at;
CREATE INDEX limited_attempts_address ON limited_attempts (action, address, attempted_at);
CREATE INDEX limited_attempts_attempted_at ON limited_attempts (action, attempted_at);
