-- Issue 17: the announcements' GIN index is merged by a loop of the projections process on a
-- connection of its own (projections/src/alerts/announcementIndex.ts), not by the matcher's inserts.
-- An insert merges the pending list itself only when the list is full and no merge is running. The
-- default ceiling, 4 MB, is a few hundred listing events of announcements: one batch of the matcher's
-- filled it and merged in the matching transaction. 64 MB is a few thousand, which the loop (every
-- quarter second) merges long before.
ALTER INDEX listing_search_alerts_searches SET (gin_pending_list_limit = 65536);
