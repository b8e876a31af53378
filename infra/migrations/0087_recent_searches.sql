-- A signed-in tenant's last searches (the dashboard's 'Recent Searches', one
-- click to repeat): the criteria of the properties page, one row per distinct
-- search (`key` is its canonical, case-folded form), the latest 10 per user.
CREATE TABLE user_recent_searches (
  user_id     text        NOT NULL,
  key         text        NOT NULL,
  criteria    jsonb       NOT NULL,
  searched_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX user_recent_searches_recent ON user_recent_searches (user_id, searched_at DESC);
