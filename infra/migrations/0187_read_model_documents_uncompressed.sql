-- Issue 15, rebuilds: the listing document is stored out of line but not
-- compressed. With the default (pglz, tried on every row over ~2 KB, which is
-- nearly every listing: the document alone is ~2.2 KB of JSON), compressing
-- the documents was 40% of Postgres's work in a rebuild's COPY (10.9 s of
-- COPY for the 200k bench copy, 6.6 s without it), and every read of a
-- document paid the decompression. The price is disk: 703 MB instead of
-- 487 MB for the 200k copy. The table's own pages stay narrow (the document
-- lives in the TOAST table), so index builds and scans read no more than
-- before. LIKE … INCLUDING ALL (a rebuild's copies) carries the setting over.
ALTER TABLE listing_read ALTER COLUMN doc SET STORAGE EXTERNAL;
