import type { MessageId } from '@rentals/core/i18n/catalogues';
import { localePath } from '@rentals/core/i18n/locales';
import type { PageMessage, PageMessages } from '@rentals/core/i18n/pageMessages';

/**
 * The page's texts (docs/i18n). The layout picks the page's language and the
 * catalogue namespaces its islands and scripts use (`pageMessages`), embeds
 * them as the JSON of `#page-messages`, and, while the site is built, hands
 * them to this module before the page's content renders, so an island
 * renders the same words on the server and after hydration. The catalogues
 * themselves never reach the browser.
 */
let current: PageMessages | undefined;

/** The layout's call while the site is built (the server renders one page at a time). */
export const setPageMessages = (page: PageMessages) => {
  current = page;
};

const page = (): PageMessages => {
  if (current) return current;
  // No document: the site's build (or the public pages' header script outside a browser).
  if (typeof document === 'undefined')
    throw new Error('Layout sets the page messages before its content');
  current = JSON.parse(document.getElementById('page-messages')?.textContent ?? '') as PageMessages;
  return current;
};

export const pageLocale = () => page().locale;

/** A site path in the page's language ('/my-properties' → '/kn/my-properties'): a link stays in it. */
export const pageHref = (path: string): string => localePath(pageLocale(), path);

/** Whether the page embeds this message (a pre-rendered page older than the message may not). */
export const hasPageMessage = (id: MessageId): boolean => page().messages[id] !== undefined;

/** A message of the page: a namespace the page did not declare is a programming error. */
export const pageMessage = (id: MessageId): PageMessage => {
  const message = page().messages[id];
  if (message === undefined) throw new Error(`the page embeds no message ${id}`);
  return message;
};

/** A plain text of the page's language (messages with values: lib/i18nFormat.ts). */
export const text = (id: MessageId): string => {
  const message = pageMessage(id);
  if (typeof message !== 'string') throw new Error(`${id} takes values: use format()`);
  return message;
};

/**
 * A message whose values are plain `{name}`s (no plural, select, number
 * format or tag), filled in here without FormatJS's formatter, which weighs
 * ~2.5 KB: pages whose messages only fill names in do not load it. Values go
 * in as FormatJS puts a plain argument (String(value)). Plurals and markup:
 * lib/i18nFormat.ts.
 */
export const fill = (id: MessageId, values: Record<string, string | number> = {}): string => {
  const message = pageMessage(id);
  if (typeof message === 'string') return message;
  return message
    .map((part) => {
      // The parser's element types (@formatjs/icu-messageformat-parser TYPE), as numbers so the
      // page loads none of the parser's module: 0 literal, 1 argument.
      const kind: number = part.type;
      if (kind === 0 && 'value' in part) return part.value;
      if (kind === 1 && 'value' in part && part.value in values) return String(values[part.value]);
      throw new Error(`${id} needs format(): it has more than plain values, or lacks one`);
    })
    .join('');
};
