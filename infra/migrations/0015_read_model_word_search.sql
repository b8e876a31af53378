-- Free text (`q`) in the degraded search path matches whole words (prefixes),
-- like Meilisearch, rather than substrings: a word index ('simple' config, no
-- stemming) replaces the trigram indexes of 0005, which cost two thirds of a
-- read-model insert and so of every rebuild. (Numbered 0015 to stay clear of
-- numbers reserved by other features.)
DROP INDEX IF EXISTS listing_read_text;
DROP INDEX IF EXISTS listing_public_text;

CREATE INDEX listing_read_words ON listing_read
  USING gin (to_tsvector('simple', title || ' ' || description || ' ' || city || ' ' || area || ' ' || address));
CREATE INDEX listing_public_words ON listing_public
  USING gin (to_tsvector('simple', title || ' ' || description || ' ' || city));
