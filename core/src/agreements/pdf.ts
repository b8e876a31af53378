/**
 * The rental agreement draft as a PDF (issue 44), in English or Hindi, with
 * pdf-lib: parties, premises, the terms, the house rules, the Model Tenancy
 * Act checks (the deposit warning when above two months' rent), the state's
 * note on registration and stamp duty, and lines to sign. Every page says it
 * is a draft and not legal advice. The figures come from the confirmed terms.
 */
import { PDFDocument } from 'pdf-lib';
import { translatorFor } from '../i18n/catalogues.ts';
import { formatDate } from '../i18n/dates.ts';
import type { Locale } from '../i18n/locales.ts';
import { formatRupees } from '../i18n/numbers.ts';
import { checkTerms } from './mta.ts';
import { embedFonts, PageWriter } from './pdfLayout.ts';
import type { StateNote } from './stateNotes.ts';
import type { AgreementTerms } from './terms.ts';
import { checkText, stateNoteWords } from './words.ts';

export const AGREEMENT_PDF_LOCALES = ['en', 'hi'] as const;
export type AgreementPdfLocale = (typeof AGREEMENT_PDF_LOCALES)[number];

export type AgreementDocument = {
  ownerName: string;
  tenantName: string;
  premises: { title: string; area: string; city: string };
  terms: AgreementTerms;
  /** When each side confirmed (ISO times). */
  confirmed: { owner: string; tenant: string };
  stateNote: StateNote;
};

const dayOf = (isoDay: string, locale: Locale) =>
  formatDate(`${isoDay}T00:00:00.000Z`, locale, 'date', { timeZone: 'UTC' });

/** The terms, one sentence each, in the order an agreement states them. */
const termLines = (terms: AgreementTerms, locale: Locale): string[] => {
  const { t } = translatorFor(locale);
  const rupees = (n: number) => formatRupees(n, locale);
  return [
    t('agreementDraft.pdf.term', {
      months: terms.termMonths,
      start: dayOf(terms.startDate, locale),
    }),
    t('agreementDraft.pdf.rent', { amount: rupees(terms.rent), day: terms.rentDueDay }),
    t('agreementDraft.pdf.deposit', { amount: rupees(terms.deposit) }),
    t('agreementDraft.pdf.maintenance', {
      hasMaintenance: terms.maintenance > 0 ? 'yes' : 'no',
      amount: rupees(terms.maintenance),
    }),
    t('agreementDraft.pdf.lockIn', { months: terms.lockInMonths }),
    t('agreementDraft.pdf.notice', {
      tenant: terms.tenantNoticeMonths,
      owner: terms.landlordNoticeMonths,
    }),
    t('agreementDraft.pdf.increase', {
      hasIncrease: terms.annualIncreasePercent > 0 ? 'yes' : 'no',
      percent: terms.annualIncreasePercent,
    }),
  ];
};

/** The draft's bytes. */
export const agreementPdf = async (
  a: AgreementDocument,
  locale: AgreementPdfLocale,
): Promise<Uint8Array> => {
  const { t } = translatorFor(locale);
  const doc = await PDFDocument.create();
  doc.setTitle(t('agreements.title'));
  doc.setLanguage(locale === 'hi' ? 'hi-IN' : 'en-IN');
  const w = new PageWriter(doc, await embedFonts(doc));
  w.heading(t('agreements.title'), 18);
  w.text(t('agreementDraft.pdf.draft'), { weight: 700 });
  w.text(t('agreementDraft.pdf.draftNote'), { size: 9.5 });
  w.heading(t('agreementDraft.pdf.parties'));
  w.text(t('agreementDraft.pdf.intro', { owner: a.ownerName, tenant: a.tenantName }));
  w.text(t('agreementDraft.pdf.owner', { name: a.ownerName }));
  w.text(t('agreementDraft.pdf.tenant', { name: a.tenantName }));
  w.heading(t('agreementDraft.pdf.premises'));
  w.text([a.premises.title, a.premises.area, a.premises.city].filter(Boolean).join(', '));
  w.heading(t('agreementDraft.pdf.terms'));
  for (const line of termLines(a.terms, locale)) w.text(line);
  w.heading(t('agreementDraft.pdf.houseRules'));
  w.text(a.terms.houseRules || t('agreementDraft.pdf.noHouseRules'));
  w.heading(t('agreements.checks'));
  for (const check of checkTerms(a.terms))
    w.text(`${check.level === 'warning' ? '! ' : ''}${checkText(check, locale)}`, { size: 9.5 });
  w.heading(t('agreements.stateHeading'));
  const note = stateNoteWords(a.stateNote, locale);
  w.text(note.text, { size: 9.5 });
  if (note.link) w.text(`${note.link.text}: ${note.link.url}`, { size: 9.5 });
  const confirmedOn = (iso: string) =>
    formatDate(iso, locale, 'date', { timeZone: 'Asia/Kolkata' });
  w.text(
    t('agreementDraft.pdf.confirmed', {
      owner: confirmedOn(a.confirmed.owner),
      tenant: confirmedOn(a.confirmed.tenant),
    }),
    { size: 9.5 },
  );
  w.signature(
    `${t('agreementDraft.pdf.signOwner')} — ${a.ownerName}   ${t('agreementDraft.pdf.date')}:`,
  );
  w.signature(
    `${t('agreementDraft.pdf.signTenant')} — ${a.tenantName}   ${t('agreementDraft.pdf.date')}:`,
  );
  w.signature(`${t('agreementDraft.pdf.witness')}   ${t('agreementDraft.pdf.date')}:`);
  w.footer(`${t('agreementDraft.pdf.draft')} · ${t('agreements.title')}`);
  return doc.save();
};
