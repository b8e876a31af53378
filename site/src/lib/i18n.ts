import type { MessageId } from '@rentals/core/i18n/catalogues';

/**
 * The page's texts in the browser (docs/i18n): the layout embeds, in the
 * page's language, the catalogue namespaces its scripts use, as the JSON of
 * `#page-messages`; the catalogues themselves never reach the browser. Read
 * once, on first use.
 */
let embedded: Partial<Record<MessageId, string>> | undefined;

const pageMessages = () =>
  (embedded ??= JSON.parse(
    document.getElementById('page-messages')?.textContent ?? '{}',
  ) as Partial<Record<MessageId, string>>);

/** A plain text of the page's language; an id the page did not embed is a programming error. */
export const text = (id: MessageId): string => {
  const message = pageMessages()[id];
  if (message === undefined) throw new Error(`the page embeds no message ${id}`);
  return message;
};
