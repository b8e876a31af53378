import { describe, expect, it } from 'vitest';
import { stillCatchingUp } from './waitUntilCaughtUp.ts';

const site = { pendingCities: 0, pendingListings: 0 };

describe('stillCatchingUp', () => {
  it('is done when nothing is behind', () => {
    expect(stillCatchingUp({ catchUp: { lag: 0, etaSeconds: 0 }, publicSite: site })).toBe(
      undefined,
    );
  });

  it('names the events still to project and the time left', () => {
    expect(stillCatchingUp({ catchUp: { lag: 1200, etaSeconds: 7 }, publicSite: site })).toBe(
      'catching up: 1200 event(s) to project (about 7 s left)',
    );
  });

  it('waits for the static pages after the read models have caught up', () => {
    expect(
      stillCatchingUp({
        catchUp: { lag: 0, etaSeconds: null },
        publicSite: { pendingCities: 25, pendingListings: 578 },
      }),
    ).toBe('catching up: static pages of 25 city(ies) and 578 listing(s) to write');
  });

  it('waits while the estimate is not yet 0, even with nothing counted as pending', () => {
    expect(stillCatchingUp({ catchUp: { lag: 0, etaSeconds: 2 }, publicSite: site })).toBe(
      'catching up: finishing (about 2 s left)',
    );
  });

  it('waits while no projection has registered yet (a lag of 0 over none counts nothing)', () => {
    expect(
      stillCatchingUp({ projections: [], catchUp: { lag: 0, etaSeconds: 0 }, publicSite: site }),
    ).toBe('catching up: waiting for the projections to start');
    expect(
      stillCatchingUp({
        projections: [{ name: 'listing-read-model' }],
        catchUp: { lag: 0, etaSeconds: 0 },
        publicSite: site,
      }),
    ).toBe(undefined);
  });

  it('does not wait on a health report without the figures (another version, or no answer)', () => {
    expect(stillCatchingUp({})).toBe(undefined);
  });
});
