/**
 * Writes core/src/ui/fonts/language-name-<hi|kn>.woff2: Noto Sans Devanagari
 * and Kannada cut down to the letters of each language's own name
 * (LOCALE_NAMES), about 1 KB each. The language switch draws 'हिन्दी' and
 * 'ಕನ್ನಡ' with them on every page, so a device without that script's font
 * shows the name rather than boxes (a page loads only its own script's full
 * font). Run after changing a name or the @fontsource packages:
 * `npx bun site/scripts/languageNameFonts.ts`; a unit test checks the files
 * are what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { LOCALE_NAMES } from '@rentals/core/i18n/locales';

const require = createRequire(import.meta.url);

/** The full regular weight each name is cut from (the script subset the pages serve). */
export const SOURCES = {
  hi: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  kn: '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2',
} as const;

export const targetOf = (locale: keyof typeof SOURCES) =>
  fileURLToPath(new URL(`../../core/src/ui/fonts/language-name-${locale}.woff2`, import.meta.url));

/** The cut-down font of one language's name, as woff2 bytes. */
export const languageNameFont = (locale: keyof typeof SOURCES): Promise<Buffer> =>
  subsetFont(readFileSync(require.resolve(SOURCES[locale])), LOCALE_NAMES[locale], {
    targetFormat: 'woff2',
  });

if (import.meta.main)
  for (const locale of Object.keys(SOURCES) as (keyof typeof SOURCES)[]) {
    const bytes = await languageNameFont(locale);
    writeFileSync(targetOf(locale), bytes);
    console.log(`${targetOf(locale)}: ${bytes.byteLength} bytes`);
  }
