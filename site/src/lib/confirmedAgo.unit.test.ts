import { describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import { confirmedAgoText } from './confirmedAgo.ts';

describe('when the owner last confirmed the home, in the page’s language', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  it.each([
    ['en', '2026-11-24T01:00:00.000Z', 'Confirmed available today'],
    ['en', '2026-11-23T11:00:00.000Z', 'Confirmed available 1 day ago'],
    ['en', '2026-11-21T09:00:00.000Z', 'Confirmed available 3 days ago'],
    ['en', undefined, ''],
    ['hi', '2026-11-21T09:00:00.000Z', '3 दिन पहले उपलब्ध होने की पुष्टि हुई'],
  ] as const)('%s %s → %s', (locale, iso, text) => {
    setPageMessages(pageMessages(locale, ['card']));
    expect(confirmedAgoText(iso, now)).toBe(text);
  });
});
