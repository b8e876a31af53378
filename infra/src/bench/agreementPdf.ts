// `npm run bench:agreement-pdf`
// How long the web process's one thread spends making a rental agreement draft
// (core/src/agreements/pdf.ts): English and Hindi, the median of RUNS warm runs
// each after one cold run, and Hindi as a multiple of English in the same run
// (Devanagari is shaped by fontkit; Latin text barely is). Prints one table row
// for docs/PERFORMANCE.md. No bar: api/src/agreements/pdfCache.ts keeps the last
// drafts, and the next step if downloads become common is a worker thread.
import { agreementPdf, type AgreementDocument } from '@rentals/core/agreements/pdf';
import { stateNoteFor } from '@rentals/core/agreements/stateNotes';

const RUNS = 7;
const doc: AgreementDocument = {
  ownerName: 'Asha Rao',
  tenantName: 'Ravi Kumar',
  premises: { title: 'Airy 1BHK in Koramangala', area: 'Koramangala', city: 'Bengaluru' },
  terms: {
    startDate: '2027-01-01',
    termMonths: 11,
    rent: 25_000,
    deposit: 150_000,
    maintenance: 2_000,
    lockInMonths: 6,
    tenantNoticeMonths: 1,
    landlordNoticeMonths: 2,
    rentDueDay: 5,
    annualIncreasePercent: 5,
    houseRules: 'No smoking indoors.\nQuiet after 10 pm.',
  },
  confirmed: { owner: '2026-12-03T10:00:00.000Z', tenant: '2026-12-03T11:00:00.000Z' },
  stateNote: stateNoteFor('Bengaluru'),
};

const timeOf = async (locale: 'en' | 'hi') => {
  const started = performance.now();
  const bytes = await agreementPdf(doc, locale);
  return { ms: performance.now() - started, bytes: bytes.length };
};

const measure = async (locale: 'en' | 'hi') => {
  const cold = await timeOf(locale);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push((await timeOf(locale)).ms);
  warm.sort((a, b) => a - b);
  return { cold: cold.ms, median: warm[Math.floor(RUNS / 2)]!, bytes: cold.bytes };
};

const en = await measure('en');
const hi = await measure('hi');
const ms = (n: number) => `${Math.round(n)} ms`;
console.log(`| Language | Cold | Warm (median of ${RUNS}) | Size |`);
console.log('|---|---|---|---|');
for (const [name, r] of [
  ['English', en],
  ['Hindi', hi],
] as const)
  console.log(`| ${name} | ${ms(r.cold)} | ${ms(r.median)} | ${(r.bytes / 1024).toFixed(1)} KB |`);
console.log(`Hindi ÷ English (warm): ${(hi.median / en.median).toFixed(1)}×`);
