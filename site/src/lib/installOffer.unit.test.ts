import { describe, expect, it } from 'vitest';
import { ASK_AGAIN_AFTER_MS, parseDismissedAt, shouldOfferInstall } from './installOffer.ts';

const NOW = Date.UTC(2026, 11, 3, 8);
const ready = { canPrompt: true, installed: false, dismissedAt: undefined, now: NOW };

describe('shouldOfferInstall', () => {
  it('offers the app when the browser can install it and the user never declined', () => {
    expect(shouldOfferInstall(ready)).toBe(true);
  });

  it('does not offer what the browser cannot install, nor inside the installed app', () => {
    expect(shouldOfferInstall({ ...ready, canPrompt: false })).toBe(false);
    expect(shouldOfferInstall({ ...ready, installed: true })).toBe(false);
  });

  it('asks again only a month after "Not now"', () => {
    const declined = (ago: number) => ({ ...ready, dismissedAt: NOW - ago });
    expect(shouldOfferInstall(declined(0))).toBe(false);
    expect(shouldOfferInstall(declined(ASK_AGAIN_AFTER_MS - 1))).toBe(false);
    expect(shouldOfferInstall(declined(ASK_AGAIN_AFTER_MS))).toBe(true);
  });
});

describe('parseDismissedAt', () => {
  it('reads the time stored, and nothing from what is absent or garbled', () => {
    expect(parseDismissedAt(String(NOW))).toBe(NOW);
    for (const stored of [null, '', 'yesterday', '-5', '1e12', '12.5', '9'.repeat(20)])
      expect(parseDismissedAt(stored)).toBeUndefined();
  });
});
