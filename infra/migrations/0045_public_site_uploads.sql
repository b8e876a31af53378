-- Pages the regenerator wrote that the pages' bucket (PAGES_S3_*) has not
-- received yet. Queued in the same transaction that clears the dirty marks,
-- so a crash between writing a page and uploading it loses nothing; `seq`
-- moves when a page is queued again, so an upload of older bytes never clears
-- the newer queue entry.
CREATE SEQUENCE public_site_upload_seq;
CREATE TABLE public_site_uploads (
  path text PRIMARY KEY,
  seq  bigint NOT NULL DEFAULT nextval('public_site_upload_seq')
);
