/**
 * The signed-in user's live inbox: one stream per tab (started by the page
 * frame once signed in), the unread total for the header badge, and the
 * changes for whatever page shows conversations.
 */
import { atom } from 'nanostores';
import { readToken } from '../lib/api.ts';
import type { InboxChange } from '../lib/conversations.ts';
import type { SearchAlert } from '../lib/savedSearches.ts';
import type { OwnerNotice } from '../lib/types.ts';
import { openLiveStream } from '../lib/sse.ts';

export const $unread = atom<number>(0);
/**
 * How many times the stream (re)started: what it sends without an id (alerts,
 * notices) is only what comes after that, so a list of them reloads on each.
 */
export const $liveStarts = atom<number>(0);

type Listener = (change: InboxChange) => void;
const listeners = new Set<Listener>();
let stream: { stop: () => void } | undefined;

/** Calls `listener` with every change to the user's conversations; returns the unsubscribe. */
export const onInboxChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const alertListeners = new Set<(alert: SearchAlert) => void>();

/** Calls `listener` with every saved-search alert the stream brings (stores/savedSearches.ts). */
export const onAlert = (listener: (alert: SearchAlert) => void): (() => void) => {
  alertListeners.add(listener);
  return () => alertListeners.delete(listener);
};

const noticeListeners = new Set<(notice: OwnerNotice) => void>();

/** Calls `listener` with every owner notice the stream brings (e.g. the day-25 expiry reminder). */
export const onNotice = (listener: (notice: OwnerNotice) => void): (() => void) => {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
};

/** Bumped whenever the stream says the bell's matches, notices or read mark changed (scripts/bell.ts). */
export const $bellChanged = atom<number>(0);

/** Idempotent: the frame calls it on every page once the user is known. */
export const startInbox = (): void => {
  if (stream) return;
  stream = openLiveStream({
    url: '/api/conversations/stream',
    token: readToken,
    onUnauthorized: stopInbox,
    onEvent: (event) => {
      if (event.event === 'alert') {
        const { alert } = JSON.parse(event.data) as { alert: SearchAlert };
        for (const listener of alertListeners) listener(alert);
        return;
      }
      if (event.event === 'notice') {
        const { notice } = JSON.parse(event.data) as { notice: OwnerNotice };
        for (const listener of noticeListeners) listener(notice);
        return;
      }
      // 'ready' too: what was published before the stream (re)connected reached no one, so the
      // bell reads its list again then (it started a moment after the page: lib/afterPage.ts).
      if (event.event === 'notifications' || event.event === 'reset' || event.event === 'ready') {
        $bellChanged.set($bellChanged.get() + 1);
        if (event.event === 'notifications') return;
      }
      const data = JSON.parse(event.data) as Partial<InboxChange> & { unread?: number };
      if (typeof data.unread === 'number') $unread.set(data.unread);
      if (event.event === 'ready') $liveStarts.set($liveStarts.get() + 1);
      if (event.event === 'ready' || event.event === 'closed') return;
      const change = { ...data, kind: event.event } as InboxChange;
      for (const listener of listeners) listener(change);
    },
  });
};

export const stopInbox = (): void => {
  stream?.stop();
  stream = undefined;
  $unread.set(0);
};

/** A read answered by the API lowers the badge at once (the stream confirms it). */
export const setUnread = (unread: number): void => $unread.set(Math.max(0, unread));
