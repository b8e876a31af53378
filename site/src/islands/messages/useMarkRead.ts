import { useCallback } from 'react';
import { apiRoute } from '../../lib/api.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { setUnread } from '../../stores/inbox.ts';

/** Marks the thread read up to a message, and refreshes the header's unread count. */
export const useMarkRead = (c: Conversation, onChanged: (c: Conversation) => void) =>
  useCallback(
    async (upToSeq: number) => {
      if (upToSeq <= c.readSeq) return;
      try {
        const { conversation } = await apiRoute('POST /conversations/:id/read', {
          params: { id: c.id },
          json: { upToSeq },
        });
        onChanged(conversation);
        const { unread } = await apiRoute('GET /conversations/unread');
        setUnread(unread);
      } catch {
        // The mark is retried when the next message arrives or the thread is opened again.
      }
    },
    [c.id, c.readSeq, onChanged],
  );
