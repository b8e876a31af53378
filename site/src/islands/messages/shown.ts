import { INTL_TAGS } from '@rentals/core/i18n/locales';
import type { ChatMessage } from '../../lib/conversations.ts';
import { pageLocale } from '../../lib/i18n.ts';

/** A message on screen: the server's, or one typed here that is sending or failed. */
export type Shown = ChatMessage & { status?: 'sending' | 'failed'; error?: string };

export const time = (iso: string) =>
  new Date(iso).toLocaleString(INTL_TAGS[pageLocale()], {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

export const merge = (messages: Shown[], incoming: Shown): Shown[] => {
  const rest = messages.filter((m) => m.id !== incoming.id && (!m.seq || m.seq !== incoming.seq));
  return [...rest, incoming].sort((a, b) => (a.seq || Infinity) - (b.seq || Infinity));
};
