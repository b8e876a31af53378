import { describe, expect, it } from 'vitest';
import { FEED_ONLY, parseInboxNotice } from './conversations.ts';

describe('a live-stream wake (INBOX_CHANNEL payload)', () => {
  it('is a user id alone: everything the stream sends may have changed', () => {
    expect(parseInboxNotice('user-1')).toEqual({ userId: 'user-1', scope: 'all' });
  });

  it('with FEED_ONLY after a space: the user’s feed alone changed', () => {
    expect(parseInboxNotice(`user-1 ${FEED_ONLY}`)).toEqual({ userId: 'user-1', scope: 'feed' });
  });

  it('reads anything else after a space as everything, never as less', () => {
    expect(parseInboxNotice('user-1 something-new')).toEqual({ userId: 'user-1', scope: 'all' });
  });
});
