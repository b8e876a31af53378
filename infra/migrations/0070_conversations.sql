-- Read models of the conversations projection (projections/src/readModels/conversations.ts).

-- One row per conversation: who is in it and what the contact protection needs.
CREATE TABLE conversation_read (
  conversation_id text PRIMARY KEY,
  listing_id      text NOT NULL,
  tenant_id       text NOT NULL,
  owner_id        text NOT NULL,
  started_at      timestamptz NOT NULL,
  last_seq        integer NOT NULL DEFAULT 0,
  owner_replied   boolean NOT NULL DEFAULT false
);

CREATE TABLE conversation_messages (
  conversation_id text NOT NULL,
  seq             integer NOT NULL,
  message_id      text NOT NULL,
  sender_id       text NOT NULL,
  body            text NOT NULL,
  sent_at         timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, seq)
);

-- Each participant's view of a conversation: one row per (user, conversation).
CREATE TABLE inbox_entries (
  user_id           text NOT NULL,
  conversation_id   text NOT NULL,
  counterpart_id    text NOT NULL,
  listing_id        text NOT NULL,
  is_owner          boolean NOT NULL,
  started_at        timestamptz NOT NULL,
  last_seq          integer NOT NULL DEFAULT 0,
  last_message_at   timestamptz,
  last_sender_id    text,
  last_message_body text,
  read_seq          integer NOT NULL DEFAULT 0,
  unread            integer NOT NULL DEFAULT 0,
  -- When the newest message this user has not read was sent (the unread-mail notification's clock).
  last_unread_at    timestamptz,
  archived          boolean NOT NULL DEFAULT false,
  blocked_by_me     boolean NOT NULL DEFAULT false,
  blocked_by_them   boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, conversation_id)
);
CREATE INDEX inbox_entries_recent ON inbox_entries (user_id, archived, last_message_at DESC);
CREATE INDEX inbox_entries_unread ON inbox_entries (user_id) WHERE unread > 0;

-- Enquiries (conversations started) per listing, for the owner's My Properties and dashboard.
CREATE TABLE listing_leads (
  listing_id      text PRIMARY KEY,
  owner_id        text NOT NULL,
  enquiries       integer NOT NULL DEFAULT 0,
  last_enquiry_at timestamptz
);
CREATE INDEX listing_leads_owner ON listing_leads (owner_id);

-- What changed in whose inbox, keyed by the event that changed it: the live stream's events, whose
-- id is (transaction_id, position), the order the projection applies the log in. A rebuild makes the
-- same rows under the same keys, so a client's Last-Event-ID stays meaningful across it.
CREATE TABLE inbox_feed (
  user_id         text NOT NULL,
  transaction_id  xid8 NOT NULL,
  position        bigint NOT NULL,
  conversation_id text NOT NULL,
  kind            text NOT NULL,
  message_seq     integer,
  PRIMARY KEY (user_id, transaction_id, position)
);
