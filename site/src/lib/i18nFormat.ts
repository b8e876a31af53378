import type { MessageId } from '@rentals/core/i18n/catalogues';
import { formatParsed } from '@rentals/core/i18n/formatParsed';
import { INTL_TAGS, NUMBER_TAGS } from '@rentals/core/i18n/locales';
import type { MessageValues, RichValues } from '@rentals/core/i18n/translate';
import { pageLocale, pageMessage } from './i18n.ts';

/**
 * Messages with values, plurals or markup, formatted from the parsed form the
 * page embeds (core/src/i18n/formatParsed.ts: the catalogues' part of ICU,
 * checked against FormatJS on every message). Apart from lib/i18n.ts so pages
 * with only plain texts do not load it.
 */
const partsOf = <T>(id: MessageId, values: RichValues<T> = {}): (string | T)[] => {
  const message = pageMessage(id);
  return typeof message === 'string'
    ? [message]
    : formatParsed<T>(message, INTL_TAGS[pageLocale()], values, NUMBER_TAGS[pageLocale()]);
};

export const format = (id: MessageId, values?: MessageValues): string =>
  partsOf<string>(id, values).join('');

/** Parts with the message's tags rendered by `values` (core/src/i18n/rich.tsx keys them for React). */
export const formatRich = <T>(id: MessageId, values: RichValues<T>): (string | T)[] =>
  partsOf(id, values);
