import type { AgreementDocument, AgreementPdfLocale } from '@rentals/core/agreements/pdf';

type Make = (doc: AgreementDocument, locale: AgreementPdfLocale) => Promise<Uint8Array>;

/**
 * The drafts made lately, by everything they say (names, premises, terms,
 * confirmations, language). A Hindi draft takes about 0.9 s of the web
 * process's one thread, 1.2 s cold (fontkit shaping Devanagari; English 0.2 s:
 * `npm run bench:agreement-pdf`), so the second download
 * of the same confirmed terms (the other side, a retry, the other button
 * pressed twice) is served from here, and two at once share one making.
 * Bounded by count (a draft is 15 to 35 KB); the oldest used goes first.
 */
export const pdfCache = (make: Make, max = 32): Make => {
  const made = new Map<string, Promise<Uint8Array>>();
  return (doc, locale) => {
    const key = JSON.stringify([locale, doc]);
    const hit = made.get(key);
    if (hit) {
      made.delete(key);
      made.set(key, hit);
      return hit;
    }
    const making = make(doc, locale);
    made.set(key, making);
    making.catch(() => made.delete(key));
    for (const oldest of made.keys()) {
      if (made.size <= max) break;
      made.delete(oldest);
    }
    return making;
  };
};
