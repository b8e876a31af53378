import { useCallback } from 'react';
import { api } from '../../lib/api.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { setUnread } from '../../stores/inbox.ts';

/** Marks the thread read up to a message, and refreshes the header's unread count. */
export const useMarkRead = (c: Conversation, onChanged: (c: Conversation) => void) =>
  useCallback(
    async (upToSeq: number) => {
      if (upToSeq <= c.readSeq) return;
      try {
        const { conversation } = await api<{ conversation: Conversation }>(
          `/conversations/${c.id}/read`,
          { method: 'POST', json: { upToSeq } },
        );
        onChanged(conversation);
        const { unread } = await api<{ unread: number }>('/conversations/unread');
        setUnread(unread);
      } catch {
        // The mark is retried when the next message arrives or the thread is opened again.
      }
    },
    [c.id, c.readSeq, onChanged],
  );
