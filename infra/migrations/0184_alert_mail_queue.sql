-- Issue 17: the alert mailer reads each announcement once. Each round unnested every announcement of
-- the last two days to find the searches owed an email: 144 million search numbers (14 s) on the bench's
-- 420k announcements, every 10 s. Now a round reads the announcements after its cursor into a queue of
-- the searches waiting for an email, and finds the due ones there (projections/src/alerts/alertMailer.ts).
-- Written by the mailer, not by a projection: a rebuild of the alerts read model leaves both alone, and
-- its copy's re-recorded old matches, numbered below the cursor, are not news to mail.
CREATE TABLE alert_mail_cursor (
  one      boolean PRIMARY KEY DEFAULT true CHECK (one),
  alert_id bigint NOT NULL
);
-- From the start: the first round queues what the last two days announced, as a round did before.
INSERT INTO alert_mail_cursor (alert_id) VALUES (0);

-- A search with announcements no email has covered yet: the first and the newest of them (ids of
-- listing_search_alerts) and when the newest was made (older than two days: nothing left to mail).
CREATE TABLE alert_mail_queue (
  search_no       int4 PRIMARY KEY,
  first_alert_id  bigint NOT NULL,
  newest_alert_id bigint NOT NULL,
  newest_at       timestamptz NOT NULL
);
