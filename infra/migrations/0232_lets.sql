-- The let recorded (issue 44, core/src/listings/events.ts ListingLet): one row per let, the
-- rent actually agreed. Read by the owner's and tenant's screens, the rental agreement
-- (core/src/agreements), the "let at" series of the rent trends and the open rent data
-- (/data/rents.csv). Area and city keys as rent_listing normalises them.
CREATE TABLE listing_lets (
  let_id          text        PRIMARY KEY,
  listing_id      text        NOT NULL,
  owner_id        text        NOT NULL,
  -- Set when let to someone from a conversation on the platform; null when let outside.
  tenant_id       text,
  conversation_id text,
  rent            integer     NOT NULL,
  deposit         integer     NOT NULL,
  move_in         date        NOT NULL,
  let_at          timestamptz NOT NULL,
  city            text        NOT NULL,
  city_key        text        NOT NULL,
  area            text        NOT NULL,
  area_key        text        NOT NULL,
  property_type   text        NOT NULL,
  bedrooms        int         NOT NULL
);
CREATE INDEX listing_lets_listing ON listing_lets (listing_id, let_at);
CREATE INDEX listing_lets_tenant ON listing_lets (tenant_id) WHERE tenant_id IS NOT NULL;
CREATE INDEX listing_lets_market ON listing_lets (city_key, area_key, property_type, bedrooms, let_at);
