-- Views per listing per day (India time) for the owner's 30-day chart. Written in
-- the same statement as listing_view_counts from the same deduplicated views (a
-- viewer counts once per listing per day), so the chart and the total agree.
-- Aggregates only, no viewer; days older than 90 are pruned.
CREATE TABLE listing_daily_views (
  listing_id text    NOT NULL,
  day        date    NOT NULL,
  views      integer NOT NULL,
  PRIMARY KEY (listing_id, day)
);
CREATE INDEX listing_daily_views_day ON listing_daily_views (day);

-- What a signed-in user opened, for that user's own dashboard ('Properties
-- Viewed') and nothing else. Kept apart from the anonymous counter, whose viewer
-- rows are salted hashes that no one can link to a user: this table names the
-- user on purpose, so it is bounded: the latest 200 listings per user, none
-- older than 90 days.
CREATE TABLE user_viewed_listings (
  user_id    text        NOT NULL,
  listing_id text        NOT NULL,
  viewed_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, listing_id)
);
CREATE INDEX user_viewed_listings_recent ON user_viewed_listings (user_id, viewed_at DESC);
CREATE INDEX user_viewed_listings_viewed_at ON user_viewed_listings (viewed_at);
