-- Each web process keeps the documents its searches serve in memory
-- (api/src/properties/documentCache.ts) and LISTENs here for what changes
-- them. Triggers send the notifications, so they commit with the change (the
-- projector's batch, a view count flush, an operator's SQL).
--
-- '<listing id>': the listing's read-model row or its view count changed or
-- is gone; '*': the table was emptied (a rebuild's reset in place). A
-- rebuild's table swap copies these triggers onto the swapped-in table and
-- announces itself on 'read_model_swapped' (projections/src/runner/shadowTables.ts).
-- pg_notify drops a payload repeated within one transaction.

CREATE FUNCTION notify_listing_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('listing_changes', OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('listing_changes', NEW.id); END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_listing_view_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('listing_changes', OLD.listing_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('listing_changes', NEW.listing_id); END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_listing_documents_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listing_changes', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER listing_read_document_changes
  AFTER INSERT OR UPDATE OR DELETE ON listing_read
  FOR EACH ROW EXECUTE FUNCTION notify_listing_read();
CREATE TRIGGER listing_read_documents_reset
  AFTER TRUNCATE ON listing_read
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_documents_reset();

CREATE TRIGGER listing_view_counts_document_changes
  AFTER INSERT OR UPDATE OR DELETE ON listing_view_counts
  FOR EACH ROW EXECUTE FUNCTION notify_listing_view_count();
CREATE TRIGGER listing_view_counts_documents_reset
  AFTER TRUNCATE ON listing_view_counts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_documents_reset();
