import {
  parse,
  TYPE,
  type MessageFormatElement,
  type PluralOrSelectOption,
} from '@formatjs/icu-messageformat-parser';

type Values = Record<string, string | number>;
/** What one capturing group of a message's pattern tells: a value, or which option matched. */
type Capture =
  | { name: string; kind: 'text' | 'number' }
  | { name: string; kind: 'option'; value: string | number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const optionsPattern = (
  options: Record<string, PluralOrSelectOption>,
  captures: Capture[],
  name: string,
  plural: boolean,
  pound: string | undefined,
): string =>
  `(?:${Object.entries(options)
    .map(([key, option]) => {
      // `=1 {}` says the number without a `#`; a select's key says which sentence it was.
      const chosen = plural ? (key.startsWith('=') ? Number(key.slice(1)) : null) : key;
      const marker = chosen === null ? '' : '()';
      if (chosen !== null) captures.push({ name, kind: 'option', value: chosen });
      return marker + patternOf(option.value, captures, plural ? name : pound);
    })
    .join('|')})`;

const patternOf = (elements: MessageFormatElement[], captures: Capture[], pound?: string): string =>
  elements
    .map((el) => {
      if (el.type === TYPE.literal) return escape(el.value);
      if (el.type === TYPE.argument) {
        captures.push({ name: el.value, kind: 'text' });
        return '(.+?)';
      }
      if (el.type === TYPE.pound && pound !== undefined) {
        captures.push({ name: pound, kind: 'number' });
        return '(\\d[\\d,]*)';
      }
      if (el.type === TYPE.plural || el.type === TYPE.select)
        return optionsPattern(el.options, captures, el.value, el.type === TYPE.plural, pound);
      throw new Error(`a valued message may use {name}, plurals and selects only: ${el.type}`);
    })
    .join('');

/**
 * Reads the values back from a valued message's English text (core/src/i18n/valued.ts): the
 * English ICU message as a pattern, each `{name}` a group, each `#` a number, each option of a
 * plural or select an alternative. Null when the text is not this message.
 */
export const valuesReader = (icu: string): ((text: string) => Values | null) => {
  const captures: Capture[] = [];
  const pattern = new RegExp(`^${patternOf(parse(icu), captures)}$`, 'su');
  return (text) => {
    const match = pattern.exec(text);
    if (!match) return null;
    const values: Values = {};
    captures.forEach((capture, i) => {
      const found = match[i + 1];
      if (found === undefined) return;
      values[capture.name] =
        capture.kind === 'option'
          ? capture.value
          : capture.kind === 'number'
            ? Number(found.replaceAll(',', ''))
            : found;
    });
    return values;
  };
};
