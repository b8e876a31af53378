-- The saved-search emails sent (projections/src/alerts/alertMailer.ts): one row per search that
-- had one. Written by the mailer, not by a projection, so a rebuild of the alerts read model does
-- not send again what was sent. `covered_alert_id`: the newest alert (saved_search_alerts.id) the
-- last email included.
CREATE TABLE saved_search_emails (
  search_id        text PRIMARY KEY,
  last_sent_at     timestamptz NOT NULL,
  covered_alert_id bigint NOT NULL
);
