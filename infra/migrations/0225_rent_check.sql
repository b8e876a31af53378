-- 'Too good to be true' (issue 41): the rent-check sweep's findings, one row per
-- listing it has checked against the fair-rent comparables
-- (projections/src/trust/rentCheck.ts). Derived data with one writer, the
-- sweep; emptying the table makes it check every listing again.
CREATE TABLE rent_check (
  listing_id    text PRIMARY KEY,
  -- The monthly rent checked: a different rent now means 'check again'.
  checked_rent  float8 NOT NULL,
  checked_at    timestamptz NOT NULL,
  much_below    boolean NOT NULL,
  -- The comparables' median and how many stand behind it (null: too few anywhere).
  median        float8,
  sample        int,
  -- The fair-rent hint in words, the evidence an admin reads.
  evidence      text
);
-- The admin's queue: much-below listings, furthest below first.
CREATE INDEX rent_check_much_below ON rent_check ((checked_rent / median)) WHERE much_below;
-- The sweep's re-check of the oldest findings.
CREATE INDEX rent_check_checked_at ON rent_check (checked_at);
