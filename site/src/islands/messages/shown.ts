import { formatDate } from '@rentals/core/i18n/dates';
import type { ChatMessage } from '../../lib/conversations.ts';
import { pageLocale } from '../../lib/i18n.ts';

/**
 * A message on screen: the server's, or one typed here that is sending, failed, or queued
 * (written offline, waiting in the outbox: lib/outbox.ts).
 */
export type Shown = ChatMessage & { status?: 'sending' | 'failed' | 'queued'; error?: string };

/** A message's time in the page's language (core/src/i18n/dates.ts). */
export const time = (iso: string) => formatDate(iso, pageLocale(), 'dateTime');

export const merge = (messages: Shown[], incoming: Shown): Shown[] => {
  const rest = messages.filter((m) => m.id !== incoming.id && (!m.seq || m.seq !== incoming.seq));
  return [...rest, incoming].sort((a, b) => (a.seq || Infinity) - (b.seq || Infinity));
};
