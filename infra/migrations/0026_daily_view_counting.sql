-- A viewer now counts once per listing per day (India time) instead of once
-- ever, and is stored only as an HMAC under a salt of that day (never a raw
-- address or user id). The counts in listing_view_counts stay as they are;
-- the old lifetime viewer rows (keyed by address and User-Agent) go.
DROP TABLE listing_viewers;
CREATE TABLE listing_viewers (
  listing_id text NOT NULL,
  day        date NOT NULL,
  viewer     text NOT NULL,
  PRIMARY KEY (listing_id, day, viewer)
);
CREATE INDEX listing_viewers_day ON listing_viewers (day);

-- One random salt per day, created by the first web process that needs it and
-- deleted with that day's viewer rows, after which they cannot be linked to anyone.
CREATE TABLE view_salts (
  day  date PRIMARY KEY,
  salt text NOT NULL
);
