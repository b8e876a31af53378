-- Possible brokers (issue 17, docs/TRUST.md; projections/src/reports/brokerFlags.ts): each live
-- listing's owner and address, so the review queue can list homeowners with more listed listings at
-- different addresses than a homeowner plausibly has.
CREATE TABLE listing_addresses (
  listing_id  text    PRIMARY KEY,
  owner_id    text    NOT NULL,
  address_key text    NOT NULL,
  listed      boolean NOT NULL
);
CREATE INDEX listing_addresses_owner ON listing_addresses (owner_id) WHERE listed;
