import type { ApiResponse } from '@rentals/core/contract/routes';
import { apiRoute, readToken } from './api.ts';

export type AgreementLet = ApiResponse<'GET /agreements'>['lets'][number];
export type Agreement = ApiResponse<'GET /agreements/:letId'>['agreement'];

let lets: Promise<AgreementLet[]> | null = null;

/** The caller's lets with agreements, asked once per page (My Properties has a card per listing). */
export const agreementLets = (): Promise<AgreementLet[]> =>
  (lets ??= apiRoute('GET /agreements')
    .then((r) => r.lets)
    .catch(() => []));

/** The agreement screen of one let. */
export const agreementPath = (letId: string) => `/agreement?let=${encodeURIComponent(letId)}`;

/** Downloads the draft PDF (only offered once both sides confirmed). */
export const downloadAgreement = async (letId: string, lang: 'en' | 'hi') => {
  const token = readToken();
  const response = await fetch(
    `/api/agreements/${encodeURIComponent(letId)}/agreement.pdf?lang=${lang}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok) throw new Error(`agreement: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const name = `rental-agreement-${lang}.pdf`;
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
