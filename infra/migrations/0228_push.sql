-- Web Push (issue 43, docs/PUSH.md). Settings live on the account, as its language does (a plain
-- table the profile writes): a channel is on until the user turns it off; quiet hours (22:00-07:00
-- India time) are on by default.
ALTER TABLE users
  ADD COLUMN push_messages      boolean NOT NULL DEFAULT true,
  ADD COLUMN push_alerts        boolean NOT NULL DEFAULT true,
  ADD COLUMN push_owner_notices boolean NOT NULL DEFAULT true,
  ADD COLUMN push_quiet_hours   boolean NOT NULL DEFAULT true;

-- A browser's PushSubscription: one row per endpoint (a browser profile on a device). The same
-- endpoint subscribed again by another account moves to it (a shared phone signs in as someone else).
CREATE TABLE push_subscriptions (
  endpoint   text        PRIMARY KEY,
  user_id    text        NOT NULL,
  p256dh     text        NOT NULL,
  auth       text        NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- The VAPID key pair generated on first use when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set
-- (one row; every web and projections process reads the same pair).
CREATE TABLE push_vapid_keys (
  id          boolean     PRIMARY KEY DEFAULT true CHECK (id),
  public_key  text        NOT NULL,
  private_key text        NOT NULL,
  created_at  timestamptz NOT NULL
);

-- At most one push per conversation and recipient an hour, as message_notifications does for email.
CREATE TABLE push_message_throttle (
  user_id           text        NOT NULL,
  conversation_id   text        NOT NULL,
  last_sent_at      timestamptz NOT NULL,
  covered_unread_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, conversation_id)
);

-- At most one push per instant saved search in 15 minutes, as saved_search_emails does for email.
CREATE TABLE push_search_throttle (
  search_id    text        PRIMARY KEY,
  last_sent_at timestamptz NOT NULL
);

-- Where the push sender has read the alerts' announcements up to (one row).
CREATE TABLE push_alert_cursor (alert_id bigint NOT NULL);
INSERT INTO push_alert_cursor VALUES (coalesce((SELECT max(id) FROM listing_search_alerts), 0));

-- Owner notices already pushed (or skipped by consent or quiet hours): each is considered once.
CREATE TABLE push_notices_done (
  notice_id text        PRIMARY KEY,
  at        timestamptz NOT NULL
);

-- Every delivery attempt with its outcome: sent, gone (404/410: the subscription was removed) or
-- failed (any other answer, or no answer). Counted in /api/health's details.
CREATE TABLE push_deliveries (
  id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     text        NOT NULL,
  channel     text        NOT NULL CHECK (channel IN ('messages', 'alerts', 'owner-notices')),
  endpoint    text        NOT NULL,
  outcome     text        NOT NULL CHECK (outcome IN ('sent', 'gone', 'failed')),
  status_code int,
  at          timestamptz NOT NULL
);
CREATE INDEX push_deliveries_at ON push_deliveries (at);
