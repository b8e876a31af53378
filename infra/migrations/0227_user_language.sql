-- The account's language (issue 42, core/src/i18n/locales.ts): the emails and alerts it is sent
-- are written in it. Chosen on the profile page; English for every account made before languages
-- existed.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi', 'kn'));
