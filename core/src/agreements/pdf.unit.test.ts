import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { agreementPdf, type AgreementDocument, type AgreementPdfLocale } from './pdf.ts';
import { stateNoteFor } from './stateNotes.ts';

const agreement: AgreementDocument = {
  ownerName: 'Asha Rao',
  tenantName: 'Vikram Singh',
  premises: { title: '2 BHK near the metro', area: 'Indiranagar', city: 'Bengaluru' },
  terms: {
    startDate: '2027-01-01',
    termMonths: 11,
    rent: 25_000,
    deposit: 50_000,
    maintenance: 2_500,
    lockInMonths: 6,
    tenantNoticeMonths: 1,
    landlordNoticeMonths: 2,
    rentDueDay: 5,
    annualIncreasePercent: 5,
    houseRules: 'No smoking indoors.\nQuiet after 10 pm.',
  },
  confirmed: { owner: '2026-12-07T06:00:00.000Z', tenant: '2026-12-08T06:00:00.000Z' },
  stateNote: stateNoteFor('Bengaluru'),
};

/** The PDF's text as a reader (pdf.js) extracts it, pages joined, runs of spaces as one. */
// fontkit shapes Devanagari word by word: a Hindi draft takes a second or two on this machine.
const SLOW = 30_000;

const textOf = async (a: AgreementDocument, locale: AgreementPdfLocale) => {
  const pdf = await getDocumentProxy(await agreementPdf(a, locale));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe('agreement PDF (English)', () => {
  it(
    'states the parties, premises and every figure of the terms',
    async () => {
      const text = await textOf(agreement, 'en');
      for (const expected of [
        'Draft — not legal advice',
        'Asha Rao',
        'Vikram Singh',
        '2 BHK near the metro, Indiranagar, Bengaluru',
        'Rent: ₹25,000 a month, due by day 5 of each month.',
        'Security deposit: ₹50,000',
        'Maintenance: ₹2,500 a month.',
        'Term: 11 months from 1 Jan 2027.',
        'Lock-in: 6 months.',
        'the tenant gives 1 month; the owner gives 2 months.',
        'Rent increase: 5% a year.',
        'No smoking indoors.',
        'Quiet after 10 pm.',
        'In Karnataka, a lease for more than a year must be registered',
        'https://igr.karnataka.gov.in/',
        'This is not legal advice.',
        'Owner’s signature',
      ])
        expect(text).toContain(expected);
    },
    SLOW,
  );

  it(
    'warns about the deposit only when it is above two months’ rent',
    async () => {
      const warning = 'limits the security deposit for a home to two months’ rent';
      expect(await textOf(agreement, 'en')).not.toContain(warning);
      const above = { ...agreement, terms: { ...agreement.terms, deposit: 50_001 } };
      const text = await textOf(above, 'en');
      expect(text).toContain(warning);
      expect(text).toContain('The deposit (₹50,001) is 2 months’ rent');
    },
    SLOW,
  );
});

describe('agreement PDF (Hindi)', () => {
  it(
    'is in Hindi with the same figures',
    async () => {
      const text = await textOf(agreement, 'hi');
      for (const figure of [
        '₹25,000',
        '₹50,000',
        '₹2,500',
        'Asha Rao',
        'https://igr.karnataka.gov.in/',
      ])
        expect(text).toContain(figure);
      // pdf.js extracts shaped Devanagari in visual order (the i-matra before its consonant),
      // so the words checked here are ones without a vowel sign drawn before its letter.
      expect(text).toContain('अनुबंध');
      expect(text).toContain('ड्राफ़्ट — कानूनी सलाह नहीं');
      expect(text).not.toContain('(धारा 11) घर के');
    },
    SLOW,
  );

  it(
    'warns in Hindi when the deposit is above two months’ rent',
    async () => {
      const above = { ...agreement, terms: { ...agreement.terms, deposit: 150_000 } };
      const warned = await textOf(above, 'hi');
      expect(warned).toContain('₹1,50,000');
      expect(warned).toContain('(धारा 11) घर के');
      expect(warned).toContain('6 महीने');
    },
    SLOW,
  );
});
