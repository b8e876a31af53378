/**
 * HTML as typed, escaped-by-default strings. Everything interpolated into the
 * `markup` tag is escaped unless it is already Html (a nested template or an
 * explicit `raw`), so listing text can never inject markup.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const NEEDS_ESCAPE = /[&<>"']/;

/** Most interpolated text (urls, labels, numbers) has nothing to escape: it is returned as it is. */
export const escapeHtml = (text: string): string =>
  NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;

type Part = Html | string | number | null | undefined | false | readonly Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part));
};

/**
 * A template's own text without its source indentation (a line break and the white space after
 * it become the line break alone), worked out once per template: a full build of the public site
 * fills the same templates hundreds of thousands of times. What is interpolated is kept as it is.
 */
const ownText = new WeakMap<TemplateStringsArray, readonly string[]>();

/** Source indentation dropped: a line break and the white space after it become the line break alone. */
export const withoutIndentation = (text: string) => text.replace(/\n\s+/g, '\n');

const templateText = (strings: TemplateStringsArray): readonly string[] => {
  let text = ownText.get(strings);
  if (!text) {
    text = strings.map(withoutIndentation);
    ownText.set(strings, text);
  }
  return text;
};

export const markup = (strings: TemplateStringsArray, ...parts: Part[]): Html => {
  const text = templateText(strings);
  let out = text[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + text[i + 1]!;
  return new Html(out);
};

/** Markup we produced ourselves (never listing text). */
export const raw = (markup: string): Html => new Html(markup);

/**
 * JSON for a <script type="application/ld+json"> block: `<` is escaped so a
 * title containing "</script>" cannot end the block early.
 */
export const jsonLd = (data: unknown): Html =>
  raw(
    `<script type="application/ld+json">${JSON.stringify(data)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')}</script>`,
  );
