-- The live message streams open in every web process (api/src/conversations/liveHub.ts), so that the
-- limit of streams per user holds across processes: a new stream that takes a user over it ends the
-- user's oldest, wherever it is (NOTIFY live_stream_closed). Each process refreshes seen_at for its
-- streams; a row not seen for a minute belongs to a process that died and is neither counted nor kept.
CREATE TABLE live_streams (
  stream_id  uuid        PRIMARY KEY,
  user_id    text        NOT NULL,
  opened_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  seen_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX live_streams_user ON live_streams (user_id, opened_at);
