/**
 * Visits on the site (issue 44): the slots of GET /api/visit-times grouped by
 * their day in India time, and a visit's time as people read it. Pure, so
 * the grouping is tested without a page.
 */
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '@rentals/core/i18n/dates';
import type { Locale } from '@rentals/core/i18n/locales';
import { readToken } from './api.ts';

export type Slot = ApiResponse<'GET /visit-times/:listingId'>['slots'][number];
export type Visit = ApiResponse<'GET /visits'>['visits'][number];

const IST = { timeZone: 'Asia/Kolkata' };

/** 'Mon, 7 Dec, 6:00 pm' in India time, in the page's language. */
export const visitWhen = (start: string, locale: Locale) =>
  formatDate(start, locale, 'weekdayTime', IST);

/** The free slots by day ('Mon, 7 Dec'), each with its time of day ('6:30 pm'), in time order. */
export const freeSlotsByDay = (slots: readonly Slot[], locale: Locale) => {
  const days = new Map<string, { start: string; time: string }[]>();
  for (const slot of slots) {
    if (!slot.free) continue;
    const day = formatDate(slot.start, locale, 'weekdayDate', IST);
    const list = days.get(day) ?? [];
    list.push({ start: slot.start, time: formatDate(slot.start, locale, 'time', IST) });
    days.set(day, list);
  }
  return [...days].map(([day, times]) => ({ day, times }));
};

/** A booked visit still to come: the one a conversation shows with its actions. */
export const isUpcoming = (visit: Visit, now = Date.now()) =>
  visit.status === 'booked' && Date.parse(visit.end) > now;

/**
 * Saves the visit's calendar invite (GET /api/visits/:id/invite.ics needs the
 * bearer token, so it is fetched and handed to the browser as a file).
 */
export const downloadInvite = async (visitId: string, locale: Locale) => {
  const token = readToken();
  const response = await fetch(`/api/visits/${encodeURIComponent(visitId)}/invite.ics`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': locale },
  });
  if (!response.ok) throw new Error(`invite: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'visit.ics' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
