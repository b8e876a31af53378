import { IntlMessageFormat } from 'intl-messageformat';
import { INTL_TAGS, type Locale } from './locales.ts';
import { messageFormatters } from './translate.ts';

/**
 * A message built with values (`{file} - File too large…`, `try again in 3
 * minutes`), declared once, as English ICU MessageFormat, where its rule
 * lives. Called with its values in order, it is the English text, byte for
 * byte; its `icu` lets the API say the same message in another language
 * (api/src/i18n/apiErrors.ts reads the values back from the English text, so
 * an error keeps carrying only its words).
 */
export type Valued<A extends readonly (string | number)[]> = ((...args: A) => string) & {
  readonly icu: string;
};

export const valued = <A extends readonly (string | number)[]>(
  names: { readonly [K in keyof A]: string },
  icu: string,
): Valued<A> => {
  const english = new IntlMessageFormat(icu, INTL_TAGS.en, undefined, {
    formatters: messageFormatters('en'),
  });
  const say = (...args: A) =>
    String(english.format(Object.fromEntries(names.map((name, i) => [name, args[i]]))));
  return Object.assign(say, { icu });
};

/** Whether a message table's entry is a valued message. */
export const isValued = (entry: unknown): entry is Valued<never> =>
  typeof entry === 'function' && typeof (entry as { icu?: unknown }).icu === 'string';

const parsed = new Map<string, IntlMessageFormat>();

/** A message in a language said with its values (the API's valued translations; parsed once each). */
export const sayIn = (
  locale: Locale,
  message: string,
  values: Record<string, string | number>,
): string => {
  const key = `${locale}\u0000${message}`;
  let format = parsed.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, INTL_TAGS[locale], undefined, {
      formatters: messageFormatters(locale),
    });
    parsed.set(key, format);
  }
  return String(format.format(values));
};
