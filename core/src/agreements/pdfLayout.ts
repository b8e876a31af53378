/**
 * Just enough page layout for the agreement PDF on pdf-lib: text in runs of
 * one script each (Noto Sans as @fontsource ships it is split by script, so
 * Devanagari, Kannada and Latin are separate fonts), wrapped at spaces, onto
 * as many A4 pages as it takes. fontkit shapes each run (conjuncts, matras,
 * reph), which is why a Devanagari word is always drawn as one run.
 */
// @pdf-lib/fontkit's Indic shaper is compiled with regenerator and expects its runtime as a global.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

type Script = 'latin' | 'devanagari' | 'kannada';
export type Weight = 400 | 700;
export type FontSet = Record<Script, Record<Weight, PDFFont>>;

const require = createRequire(import.meta.url);
const FILES: Record<Script, (w: Weight) => string> = {
  latin: (w) =>
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-${w}-normal.woff`,
  devanagari: (w) =>
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${w}-normal.woff`,
  kannada: (w) => `@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-${w}-normal.woff`,
};

const fontBytes = new Map<string, Promise<Buffer>>();
const bytesOf = (file: string) => {
  let bytes = fontBytes.get(file);
  if (!bytes) fontBytes.set(file, (bytes = readFile(require.resolve(file))));
  return bytes;
};

/** Embeds the fonts (subset: only the glyphs the document uses). */
export const embedFonts = async (doc: PDFDocument): Promise<FontSet> => {
  doc.registerFontkit(fontkit);
  const embed = async (s: Script, w: Weight) =>
    doc.embedFont(await bytesOf(FILES[s](w)), { subset: true });
  const both = async (s: Script) => ({ 400: await embed(s, 400), 700: await embed(s, 700) });
  return {
    latin: await both('latin'),
    devanagari: await both('devanagari'),
    kannada: await both('kannada'),
  };
};

// By code point: the Devanagari block holds combining marks a regular expression's class warns of.
const DEVANAGARI: readonly [number, number][] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  // The joiners, the rupee sign and the dotted circle are in the Devanagari file only.
  [0x200c, 0x200d],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
  [0xa8e0, 0xa8ff],
];
const within = (cp: number, ranges: readonly [number, number][]) =>
  ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
const scriptOf = (ch: string): Script => {
  const cp = ch.codePointAt(0) ?? 0;
  if (within(cp, DEVANAGARI)) return 'devanagari';
  return cp >= 0x0c80 && cp <= 0x0cff ? 'kannada' : 'latin';
};

type Run = { text: string; font: PDFFont };
type TextStyle = { size?: number; weight?: Weight; after?: number };

/** Splits text into runs of one font each. */
const runsOf = (text: string, fonts: FontSet, weight: Weight): Run[] => {
  const runs: Run[] = [];
  for (const ch of text) {
    const font = fonts[scriptOf(ch)][weight];
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** Writes paragraphs top to bottom, adding pages as they fill. */
export class PageWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontSet,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Words measured so far: shaping Devanagari is the slow part of a draft, so each word once. */
  private readonly widths = new Map<string, number>();

  private widthOf(text: string, size: number, weight: Weight) {
    const key = `${weight} ${size} ${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = runsOf(text, this.fonts, weight).reduce(
        (w, r) => w + r.font.widthOfTextAtSize(r.text, size),
        0,
      );
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * Lines of at most the page's width, broken at spaces (a word longer than a
   * line stays whole). Each word is measured once: a space is a run of its own
   * (Latin), so a line's width is its words' and spaces' widths added.
   */
  private wrap(text: string, size: number, weight: Weight): string[] {
    const max = A4.width - 2 * MARGIN;
    const space = this.widthOf(' ', size, weight);
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      let width = 0;
      for (const word of paragraph.split(' ')) {
        const w = this.widthOf(word, size, weight);
        if (line && width + space + w > max) {
          lines.push(line);
          line = word;
          width = w;
        } else {
          line = line ? `${line} ${word}` : word;
          width = line === word ? w : width + space + w;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLine(line: string, size: number, weight: Weight) {
    const lineHeight = size * 1.6;
    if (this.y - lineHeight < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
    this.y -= lineHeight;
    this.drawRuns(this.page, line, this.y, size, weight);
  }

  private drawRuns(page: PDFPage, line: string, y: number, size: number, weight: Weight) {
    let x = MARGIN;
    for (const run of runsOf(line, this.fonts, weight)) {
      page.drawText(run.text, { x, y, size, font: run.font, color: rgb(0.1, 0.1, 0.1) });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** One line at the foot of every page so far (call it last). */
  footer(text: string) {
    for (const page of this.doc.getPages()) this.drawRuns(page, text, MARGIN / 2, 8.5, 700);
  }

  text(text: string, { size = 10.5, weight = 400, after = 4 }: TextStyle = {}) {
    for (const line of this.wrap(text, size, weight)) this.drawLine(line, size, weight);
    this.y -= after;
  }

  heading(text: string, size = 13) {
    this.y -= 6;
    this.text(text, { size, weight: 700, after: 2 });
  }

  /** A line to sign on, with its label under it. */
  signature(label: string) {
    this.y -= 28;
    this.text('______________________________', { after: 0 });
    this.text(label, { size: 9.5 });
  }
}
