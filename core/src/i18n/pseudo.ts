import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/**
 * The pseudo-locale: English with every letter accented, 30 % longer and
 * bracketed ('Reset password' → '⟦Ŕéšéţ þåššŵöŕð ·········⟧'). A page built
 * in it shows at a glance any text that does not come from the catalogue
 * (it stays plain), and any box too small for a longer language (the closing
 * bracket is clipped). Values, plural forms and tags keep working.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

const accent = (text: string) => [...text].map((c) => ACCENTED[c] ?? c).join('');

const accentAll = (elements: MessageFormatElement[]): MessageFormatElement[] =>
  elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: accentAll(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select)
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([key, option]) => [
            key,
            { ...option, value: accentAll(option.value) },
          ]),
        ),
      };
    return element;
  });

/** Letters of the English text: what the 30 % padding is measured against. */
const letterCount = (message: string) => message.replace(/\{[^}]*\}|<[^>]*>/g, '').length;

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export const pseudoMessage = (message: string): string => {
  const padding = '·'.repeat(Math.ceil(letterCount(message) * 0.3));
  const body = printAST(accentAll(parse(message)));
  return `${PSEUDO_OPEN}${body}${padding ? ` ${padding}` : ''}${PSEUDO_CLOSE}`;
};

export const pseudoCatalogue = <Id extends string>(messages: Readonly<Record<Id, string>>) =>
  Object.fromEntries(
    Object.entries<string>(messages).map(([id, message]) => [id, pseudoMessage(message)]),
  ) as Record<Id, string>;

/**
 * Turns this process's English into the pseudo-locale, in place, before any
 * message is formatted: the pseudo build of the site (site/astro.config.ts,
 * SITE_PSEUDO=1) and the product the pseudo crawl starts (its processes
 * preload infra/testing/src/pseudoEnglish.ts). Takes the catalogues as
 * arguments so catalogues.ts need not import it: only those two load it.
 * `except`: namespaces left in English (the product's emails, which its
 * tests read by their English subjects).
 */
export const pseudoEnglish = (
  namespaces: Readonly<Record<string, { readonly en: object }>>,
  catalogues: { readonly en: object },
  except: readonly string[] = [],
) => {
  for (const [namespace, byLocale] of Object.entries(namespaces)) {
    if (except.includes(namespace)) continue;
    const pseudo = pseudoCatalogue(byLocale.en as Record<string, string>);
    Object.assign(byLocale.en, pseudo);
    Object.assign(catalogues.en, pseudo);
  }
};
