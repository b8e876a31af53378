import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_STACKS } from '@rentals/core/geo/manifest';

const require = createRequire(import.meta.url);

type Fontnik = {
  range: (
    options: { font: Buffer; start: number; end: number },
    callback: (error: Error | null, data: Buffer) => void,
  ) => void;
};

/**
 * The files of FONT_STACKS come from an npm package (Noto Sans TTFs, SIL OFL 1.1),
 * so the build needs no system font: a machine with only Node and npm builds the map.
 */
const FONT_DIR = join(dirname(require.resolve('@embedpdf/fonts-latin')), '..', 'fonts');

/**
 * Latin, Latin-1, Latin Extended and General Punctuation cover every label we
 * draw with them. MapLibre shapes no Indic script, so there is no point generating
 * Devanagari or Kannada ranges: Hindi and Kannada names are drawn by the page, shaped by
 * the browser (useNativeLabels, docs/GEO.md).
 */
const RANGES = [0, 256, 512, 768, 8192];

export const fontFiles = (fontDir = FONT_DIR) =>
  Object.values(FONT_STACKS).map((f) => join(fontDir, f));

export class MissingFontError extends Error {}

/** Writes `{outDir}/{fontstack}/{start}-{end}.pbf` SDF glyph ranges, as MapLibre's `glyphs` URL expects. */
export const buildGlyphs = async (outDir: string, fontDir = FONT_DIR): Promise<number> => {
  const fontnik = require('fontnik') as Fontnik;
  let written = 0;
  for (const [stack, file] of Object.entries(FONT_STACKS)) {
    const path = join(fontDir, file);
    if (!existsSync(path))
      throw new MissingFontError(
        `${path} is missing: run npm install (the fonts come from @embedpdf/fonts-latin)`,
      );
    const font = readFileSync(path);
    await mkdir(join(outDir, stack), { recursive: true });
    for (const start of RANGES) {
      const end = start + 255;
      const data = await new Promise<Buffer>((resolve, reject) =>
        fontnik.range({ font, start, end }, (error, pbf) => (error ? reject(error) : resolve(pbf))),
      );
      await writeFile(join(outDir, stack, `${start}-${end}.pbf`), data);
      written += 1;
    }
  }
  return written;
};
