/**
 * The dashboards' Messages figure: the unread total from the API, handed to
 * the inbox store so the card and the header badge agree and both follow
 * the live stream from then on.
 */
import { setUnread } from '../stores/inbox.ts';
import { apiRoute } from './api.ts';

export const fetchUnreadMessageCount = async (): Promise<number> => {
  const { unread } = await apiRoute('GET /conversations/unread');
  setUnread(unread);
  return unread;
};
