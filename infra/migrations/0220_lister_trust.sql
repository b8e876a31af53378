-- Owner or broker, with reasons (issue 41, docs/TRUST.md): the lister-trust read model
-- (projections/src/trust/listerTrust.ts), its one writer. The signals and the trust card are computed
-- from these rows and the accounts (users: role, phone, email, created_at) when read.

-- One row per listing not deleted: where it is, whether it is listed, what its text says.
CREATE TABLE lister_listings (
  listing_id          text    PRIMARY KEY,
  owner_id            text    NOT NULL,
  title               text    NOT NULL,
  city                text    NOT NULL,
  -- normaliseLocality of address, locality and city: one home however its address is typed.
  address_key         text    NOT NULL,
  listed              boolean NOT NULL,
  -- The phrase that says a brokerage or commission is charged (core/src/trust/brokerText.ts), if any.
  title_mention       text,
  description_mention text,
  -- Phones and emails written in the text ('phone:9876500001', 'email:asha@gmail.com').
  title_points        text[]  NOT NULL DEFAULT '{}',
  description_points  text[]  NOT NULL DEFAULT '{}'
);
CREATE INDEX lister_listings_owner ON lister_listings (owner_id);

-- One row per conversation a tenant started: when, and when the lister first answered.
CREATE TABLE lister_conversations (
  conversation_id text        PRIMARY KEY,
  owner_id        text        NOT NULL,
  tenant_id       text        NOT NULL,
  started_at      timestamptz NOT NULL,
  first_reply_at  timestamptz
);
CREATE INDEX lister_conversations_owner ON lister_conversations (owner_id, started_at);

-- Per account: review decisions upheld against its listings, and the role question's history.
CREATE TABLE lister_accounts (
  account_id       text        PRIMARY KEY,
  reports_upheld   integer     NOT NULL DEFAULT 0,
  asked_at         timestamptz,
  marked_owner_at  timestamptz,
  answered_at      timestamptz,
  answer           text
);
