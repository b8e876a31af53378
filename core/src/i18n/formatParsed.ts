import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { groupIndian } from './grouping.ts';

/**
 * Formats a message the layout embedded already parsed (pageMessages.ts) in
 * the browser, for the part of ICU MessageFormat the catalogues use: values,
 * plain `number`s, `plural` (exact `=n` cases and the language's plural rules), `select`, `#`
 * and tags. FormatJS parses every message while the site is built; this walks
 * its tree in a few hundred bytes where FormatJS's own formatter weighs ~2.5
 * KB gzip on the heaviest pages. Anything else in a message throws, and
 * formatParsed.unit.test.ts formats every message of every catalogue with it
 * and with FormatJS and compares.
 *
 * The parser's element types as numbers (its TYPE enum), so the browser loads
 * none of the parser's module.
 */
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

type Value<T> = string | number | Date | ((chunks: (string | T)[]) => T);

type Formatter = { select: (n: number) => string; format: (n: number) => string };
const formatters = new Map<string, Formatter>();
/** The number tags whose whole numbers are Latin digits in lakhs, as groupIndian writes them. */
const INDIAN_GROUPING = new Set(['en-IN', 'hi-IN']);
// Intl's objects are made on first need: the first NumberFormat a page creates costs ~20 ms
// (groupIndian in ./grouping.ts), so whole numbers in lakh-grouping languages skip it.
const formatterFor = (tag: string, numberTag: string): Formatter => {
  const key = `${tag} ${numberTag}`;
  let f = formatters.get(key);
  if (!f) {
    let rules: Intl.PluralRules | undefined;
    let numbers: Intl.NumberFormat | undefined;
    const indian = INDIAN_GROUPING.has(numberTag);
    f = {
      select: (n) => (rules ??= new Intl.PluralRules(tag)).select(n),
      format: (n) =>
        indian && Number.isInteger(n)
          ? groupIndian(n)
          : (numbers ??= new Intl.NumberFormat(numberTag)).format(n),
    };
    formatters.set(key, f);
  }
  return f;
};

/** `tag` chooses the plural forms; `numberTag` groups the numbers (locales.ts, NUMBER_TAGS). */
export const formatParsed = <T>(
  elements: readonly MessageFormatElement[],
  tag: string,
  values: Record<string, Value<T>> = {},
  numberTag = tag,
): (string | T)[] => {
  const { select, format } = formatterFor(tag, numberTag);
  const walk = (nodes: readonly MessageFormatElement[], count: number | null): (string | T)[] => {
    const out: (string | T)[] = [];
    const push = (part: string | T) => {
      const last = out.length - 1;
      if (typeof part === 'string' && typeof out[last] === 'string') out[last] += part;
      else out.push(part);
    };
    for (const node of nodes) {
      const kind: number = node.type;
      const value = 'value' in node ? values[node.value] : undefined;
      if (kind === LITERAL && 'value' in node) push(node.value);
      else if (kind === ARGUMENT) push(value === undefined ? '' : String(value));
      // `{n, number}` without a style: grouped as the language groups (1,50,000).
      else if (kind === NUMBER && 'style' in node && !node.style) push(format(Number(value)));
      else if (kind === POUND && count !== null) push(format(count));
      else if (kind === SELECT && 'options' in node) {
        const option = node.options[String(value)] ?? node.options.other;
        for (const part of walk(option?.value ?? [], count)) push(part);
      } else if (kind === PLURAL && 'options' in node) {
        const n = Number(value);
        const option = node.options[`=${n}`] ?? node.options[select(n)] ?? node.options.other;
        for (const part of walk(option?.value ?? [], n)) push(part);
      } else if (kind === TAG && 'children' in node && typeof value === 'function')
        push(value(walk(node.children, count)));
      else
        throw new Error(`a message element the browser does not format: ${JSON.stringify(node)}`);
    }
    return out;
  };
  return walk(elements, null);
};
