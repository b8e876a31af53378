-- Issue 39: uploads answer once the photos are stored as uploaded and ListingPhotosReceived is appended;
-- the web processes' photo processor (api/src/media/photoProcessor.ts) makes their renditions afterwards.
-- One row per received photo: the processor's queue, found again after a restart, and what the owner is
-- shown ('processing', or 'failed' with its reason until the owner's next upload to the listing).
-- A row is written before its event is appended, held (not_before in the future) until the append
-- answered; the listing's stream decides what is really waiting, so a row whose append never happened
-- is dropped with its original when its hold ends.
CREATE TABLE IF NOT EXISTS photo_jobs (
  photo_id     text PRIMARY KEY,
  listing_id   text NOT NULL,
  owner_id     text NOT NULL,
  name         text NOT NULL,
  caption      text NOT NULL DEFAULT '',
  original_key text NOT NULL,
  -- decoded pixels (from the header): the photo's cost in the processing pool
  pixels       integer NOT NULL,
  -- position among the photos of its upload, so the owner sees them in the order given
  seq          integer NOT NULL,
  failed       text,
  attempts     integer NOT NULL DEFAULT 0,
  -- a row is written held: the processor leaves it until its request released it (or two minutes passed)
  not_before   timestamptz NOT NULL DEFAULT now() + interval '2 minutes',
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS photo_jobs_waiting ON photo_jobs (not_before) WHERE failed IS NULL;
CREATE INDEX IF NOT EXISTS photo_jobs_listing ON photo_jobs (listing_id);
