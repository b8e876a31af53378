import { describe, expect, it } from 'vitest';
import type { AgreementDocument } from '@rentals/core/agreements/pdf';
import { pdfCache } from './pdfCache.ts';

const doc = (tenantName: string) => ({ tenantName }) as unknown as AgreementDocument;

describe('the agreement drafts made lately', () => {
  it('makes a draft once for the same words and language, again for other words or another language', async () => {
    const made: string[] = [];
    const cached = pdfCache((d, locale) => {
      made.push(`${d.tenantName}/${locale}`);
      return Promise.resolve(new Uint8Array([made.length]));
    });
    const first = await cached(doc('Ravi'), 'hi');
    expect(await cached(doc('Ravi'), 'hi')).toBe(first);
    await cached(doc('Ravi'), 'en');
    await cached(doc('Ravi Kumar'), 'hi');
    expect(made).toEqual(['Ravi/hi', 'Ravi/en', 'Ravi Kumar/hi']);
  });

  it('keeps at most `max`, dropping the one used longest ago; a failed making is not kept', async () => {
    let n = 0;
    const cached = pdfCache((d) => {
      n += 1;
      return d.tenantName === 'fails'
        ? Promise.reject(new Error('font'))
        : Promise.resolve(new Uint8Array([n]));
    }, 2);
    await cached(doc('a'), 'en');
    await cached(doc('b'), 'en');
    await cached(doc('a'), 'en'); // a is now the most recently used
    await cached(doc('c'), 'en'); // b goes
    expect(n).toBe(3);
    await cached(doc('a'), 'en');
    expect(n).toBe(3);
    await cached(doc('b'), 'en');
    expect(n).toBe(4);
    await expect(cached(doc('fails'), 'en')).rejects.toThrow('font');
    await expect(cached(doc('fails'), 'en')).rejects.toThrow('font');
    expect(n).toBe(6);
  });
});
