/**
 * The agreement's checks and state note in a reader's words (the
 * `agreements` catalogue), one home for the screen (through the API) and the
 * PDF, so the two can never say different things.
 */
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';
import { formatRupees } from '../i18n/numbers.ts';
import type { AgreementCheck } from './mta.ts';
import type { StateNote } from './stateNotes.ts';

const RUPEE_VALUES = new Set(['deposit', 'limit']);

/** One check as a sentence; amounts as rupees, the rest as they are. */
export const checkText = (check: AgreementCheck, locale: Locale): string => {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(check.values))
    values[key] = RUPEE_VALUES.has(key) ? formatRupees(Number(value), locale) : value;
  if (check.id === 'rentRevision')
    values.hasIncrease = Number(check.values.percent) > 0 ? 'yes' : 'no';
  return translatorFor(locale).t(`agreementDraft.check.${check.id}`, values);
};

export type StateNoteWords = {
  /** What the state's law asks, ending with "This is not legal advice." */
  text: string;
  /** The state's own registration and stamps department, with its words; null where none is known. */
  link: { url: string; text: string } | null;
};

export const stateNoteWords = (note: StateNote, locale: Locale): StateNoteWords => {
  const { t } = translatorFor(locale);
  const state = t(`agreementDraft.state.name.${note.state}`);
  const isOther = note.state === 'other' ? 'yes' : 'no';
  const said = t(`agreementDraft.state.${note.rule}`, { state, isOther });
  const link = note.url ? { url: note.url, text: t('agreementDraft.state.link', { state }) } : null;
  const noLink = note.url ? '' : ` ${t('agreementDraft.state.noLink')}`;
  return { text: `${said}${noLink} ${t('agreements.notLegalAdvice')}`, link };
};
