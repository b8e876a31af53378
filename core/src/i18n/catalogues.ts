import en from './catalogues/en.json' with { type: 'json' };
import hi from './catalogues/hi.json' with { type: 'json' };
import kn from './catalogues/kn.json' with { type: 'json' };
import type { Locale } from './locales.ts';
import { createTranslator, type Translator } from './translate.ts';

/**
 * Every text a user reads, one catalogue per language (catalogues/*.json), in
 * ICU MessageFormat: `{name}` fills in a value, `{n, plural, one {…} other {…}}`
 * follows each language's plural rules, `<b>…</b>` marks where the caller
 * puts markup. English is the source and is exactly the specification's
 * text; Hindi and Kannada hold the same ids (catalogues.unit.test.ts checks
 * ids, placeholders and tags), written against docs/i18n/GLOSSARY.md.
 *
 * This module loads all three: for server code (emails, API messages, the
 * pre-rendered pages). The browser loads only its page's language.
 */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const CATALOGUES: Record<Locale, Messages> = { en, hi, kn };

const translators = new Map<Locale, Translator<MessageId>>();

/** The translator of one language, made once per process. */
export const translatorFor = (locale: Locale): Translator<MessageId> => {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, CATALOGUES[locale]);
    translators.set(locale, translator);
  }
  return translator;
};
