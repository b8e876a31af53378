import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { INTL_TAGS } from '@rentals/core/i18n/locales';
import type { MessageValues, RichValues } from '@rentals/core/i18n/translate';
import { pageLocale, pageMessage } from './i18n.ts';

/**
 * Messages with values, plurals or markup, formatted by FormatJS from the
 * parsed form the page embeds (astro.config's build gives intl-messageformat
 * no parser in the browser). Apart from lib/i18n.ts so pages with only
 * plain texts do not load the formatter.
 */
const formats = new Map<MessageId, IntlMessageFormat>();

const formatOf = (id: MessageId) => {
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(pageMessage(id), INTL_TAGS[pageLocale()]);
    formats.set(id, format);
  }
  return format;
};

export const format = (id: MessageId, values?: MessageValues): string =>
  String(formatOf(id).format(values));

/** Parts with the message's tags rendered by `values` (core/src/i18n/rich.tsx keys them for React). */
export const formatRich = <T>(id: MessageId, values: RichValues<T>): (string | T)[] => {
  const out = formatOf(id).format<T>(values);
  return Array.isArray(out) ? out : [out];
};
