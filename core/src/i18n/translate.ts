import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import { INTL_TAGS, NUMBER_TAGS, type Locale } from './locales.ts';

/** What a message's placeholders take: text, numbers (plural, number) and dates. */
export type MessageValues = Record<string, string | number | Date>;

/** A rich message's values: as MessageValues, and for each tag (`<b>{title}</b>`) a function of what it wraps. */
export type RichValues<T> = Record<
  string,
  string | number | Date | ((chunks: (string | T)[]) => T)
>;

/**
 * Formats one language's messages by id. Each message is parsed once, on
 * first use. A missing id is a programming error (the catalogue test keeps
 * the languages complete), so it throws rather than show an id to a user.
 */
const cached = <A extends unknown[], R>(make: (...args: A) => R) => {
  const made = new Map<string, R>();
  return (...args: A): R => {
    const key = JSON.stringify(args);
    let found = made.get(key);
    if (!found) {
      found = make(...args);
      made.set(key, found);
    }
    return found;
  };
};

/** FormatJS's formatters for a language: its numbers grouped as NUMBER_TAGS says (1,50,000). */
export const messageFormatters = (locale: Locale): Formatters => ({
  getNumberFormat: cached(
    (_locales?: string | string[], options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(NUMBER_TAGS[locale], options),
  ),
  getDateTimeFormat: cached(
    (locales?: string | string[], options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locales, options),
  ),
  getPluralRules: cached(
    (locales?: string | string[], options?: Intl.PluralRulesOptions) =>
      new Intl.PluralRules(locales, options),
  ),
});

export const createTranslator = <Id extends string>(
  locale: Locale,
  messages: Readonly<Record<Id, string>>,
) => {
  const tag = INTL_TAGS[locale];
  const formatters = messageFormatters(locale);
  const parsed = new Map<Id, IntlMessageFormat>();
  const formatOf = (id: Id) => {
    let format = parsed.get(id);
    if (!format) {
      const source = messages[id];
      if (typeof source !== 'string')
        throw new Error(`no message ${id} in the ${locale} catalogue`);
      format = new IntlMessageFormat(source, tag, undefined, { formatters });
      parsed.set(id, format);
    }
    return format;
  };
  // A message without values reads the same every time: formatted once (the public pages ask for
  // the same labels hundreds of thousands of times in a full build). Bounded by the catalogue.
  const plain = new Map<Id, string>();
  return {
    locale,
    /** The message as plain text. */
    t: (id: Id, values?: MessageValues): string => {
      if (values) return String(formatOf(id).format(values));
      let text = plain.get(id);
      if (text === undefined) {
        text = String(formatOf(id).format());
        plain.set(id, text);
      }
      return text;
    },
    /** The message as parts, its tags rendered by `tags` (React elements in emails and islands). */
    rich: <T>(id: Id, values: RichValues<T>): (string | T)[] => {
      const out = formatOf(id).format<T>(values);
      return Array.isArray(out) ? out : [out];
    },
  };
};

export type Translator<Id extends string> = ReturnType<typeof createTranslator<Id>>;
