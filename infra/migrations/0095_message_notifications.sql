-- Email notifications of unread messages (projections/src/messageNotifications/notifier.ts): the last
-- email per recipient and conversation. Written by the notifier, not by a projection, so a read-model
-- rebuild keeps it and nobody is mailed twice about the same messages.
CREATE TABLE message_notifications (
  user_id           text        NOT NULL,
  conversation_id   text        NOT NULL,
  last_sent_at      timestamptz NOT NULL,
  -- The newest unread message the last email was about: the next one needs a newer message.
  covered_unread_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, conversation_id)
);

-- The notifier's round: unread entries by the age of their newest unread message.
CREATE INDEX inbox_entries_unread_since ON inbox_entries (last_unread_at) WHERE unread > 0;
