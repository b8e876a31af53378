import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES, NAMESPACES, type MessageId, type Namespace } from './catalogues.ts';
import type { Locale } from './locales.ts';
import { parseMessage } from './messageShape.ts';

/**
 * A message as a page carries it to the browser: plain text as it is; a
 * message with values, plurals or tags already parsed, so the browser ships
 * the formatter without FormatJS's parser.
 */
export type PageMessage = string | MessageFormatElement[];

/** What a page embeds (`#page-messages`) and its islands format: one language, the namespaces it uses. */
export type PageMessages = {
  locale: Locale;
  messages: Partial<Record<MessageId, PageMessage>>;
};

/** Whether a message is more than text: `{…}` values or `<tag>`s, or an ICU quote. */
const hasSyntax = (message: string) => /[{}<']/.test(message);

const asCarried = (message: string): PageMessage =>
  hasSyntax(message) ? parseMessage(message) : message;

export const pageMessages = (locale: Locale, namespaces: readonly Namespace[]): PageMessages => {
  const messages: Partial<Record<MessageId, PageMessage>> = {};
  for (const namespace of new Set(namespaces))
    for (const [id, message] of Object.entries<string>(NAMESPACES[namespace][locale]))
      messages[id as MessageId] = asCarried(message);
  return { locale, messages };
};

/** Only the messages `ids` (a page whose scripts need a few, not whole namespaces). */
export const pageMessagesOf = (locale: Locale, ids: readonly MessageId[]): PageMessages => {
  const catalogue = CATALOGUES[locale];
  return { locale, messages: Object.fromEntries(ids.map((id) => [id, asCarried(catalogue[id])])) };
};
