import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageNameFont, SOURCES, targetOf } from './languageNameFonts.ts';

describe("the language switch's name fonts", () => {
  it.each(Object.keys(SOURCES) as (keyof typeof SOURCES)[])(
    'core/src/ui/fonts/language-name-%s.woff2 is the font cut to the name as it is written now',
    async (locale) => {
      const written = readFileSync(targetOf(locale));
      // woff2, small: the name's letters and their shaping rules, not the script.
      expect(written.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(written.byteLength).toBeLessThan(4096);
      expect(Buffer.compare(written, await languageNameFont(locale))).toBe(0);
    },
  );
});
