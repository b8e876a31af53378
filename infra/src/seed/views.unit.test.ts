import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';
import { planViews } from './views.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 1, 6);

describe('seeded views', () => {
  const plans = Array.from({ length: 200 }, (_, i) =>
    planViews(createRandom(i), { createdAt: NOW - (20 + (i % 300)) * DAY, now: NOW, listed: true }),
  );

  it('give nearly every listed listing some views, varied', () => {
    expect(plans.filter((p) => p.total > 0).length).toBeGreaterThanOrEqual(196);
    expect(new Set(plans.map((p) => p.total)).size).toBeGreaterThan(50);
  });

  it('keep the chart days within the total and within the last 30 India days', () => {
    for (const plan of plans) {
      const recent = plan.daily.reduce((sum, d) => sum + d.views, 0);
      expect(recent).toBeLessThanOrEqual(plan.total);
      expect(plan.daily.length).toBeLessThanOrEqual(30);
      for (const d of plan.daily) {
        expect(d.views).toBeGreaterThan(0);
        expect(Date.parse(d.day)).toBeGreaterThan(NOW - 31 * DAY);
      }
    }
  });

  it('give a listing listed today at most a day of views, a delisted one none lately', () => {
    const today = planViews(createRandom(1), { createdAt: NOW, now: NOW, listed: true });
    expect(today.daily.length).toBeLessThanOrEqual(1);
    const delisted = planViews(createRandom(1), {
      createdAt: NOW - 90 * DAY,
      now: NOW,
      listed: false,
    });
    expect(delisted.daily).toEqual([]);
  });

  it('are the same for the same generator', () => {
    const args = { createdAt: NOW - 50 * DAY, now: NOW, listed: true };
    expect(planViews(createRandom(7), args)).toEqual(planViews(createRandom(7), args));
  });
});
