-- A reporter's history (issue 41, docs/TRUST.md): a report's weight depends on how the reporter's
-- earlier reports ended. The handler reads them from the log, by reporter, through this index on just
-- the reports (a few among millions of events); the decisions are then read per reported listing's
-- stream through its unique (stream_id, stream_version) index.
CREATE INDEX events_reports_by_reporter ON events ((data ->> 'reporterId'), position)
  WHERE type = 'ListingReported';
