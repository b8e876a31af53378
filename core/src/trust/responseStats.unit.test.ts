import { describe, expect, it } from 'vitest';
import { replyTime, responseStats, type Enquiry } from './responseStats.ts';

const now = '2026-12-02T12:00:00.000Z';
const daysAgo = (d: number) => new Date(Date.parse(now) - d * 86_400_000).toISOString();
const after = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const answered = (started: string, minutes: number): Enquiry => ({
  startedAt: started,
  firstReplyAt: after(started, minutes),
});

describe("a lister's replies", () => {
  it('given fewer than five conversations, then nothing is said', () => {
    const few = [10, 11, 12, 13].map((d) => answered(daysAgo(d), 30));
    expect(responseStats(few, now)).toBeNull();
  });
  it('given four answered within hours and one never, then 80%, usually within 2 hours', () => {
    const enquiries = [
      answered(daysAgo(20), 30),
      answered(daysAgo(19), 90),
      answered(daysAgo(18), 120),
      answered(daysAgo(17), 600),
      { startedAt: daysAgo(16), firstReplyAt: null },
    ];
    expect(responseStats(enquiries, now)).toEqual({
      conversations: 5,
      ratePercent: 80,
      medianMinutes: 105,
      text: 'Replies to 80% of enquiries, usually within 2 hours',
    });
    expect(responseStats(enquiries, now, 'hi')?.text).toBe(
      '80% पूछताछ का जवाब देते हैं, आम तौर पर 2 घंटे के अंदर',
    );
    expect(responseStats(enquiries, now, 'kn')?.text).toBe(
      '80% ವಿಚಾರಣೆಗಳಿಗೆ ಉತ್ತರಿಸುತ್ತಾರೆ, ಸಾಮಾನ್ಯವಾಗಿ 2 ಗಂಟೆಗಳೊಳಗೆ',
    );
  });
  it('given an answer after eight days, then it counts as not answered in time', () => {
    const enquiries = [
      ...[20, 19, 18, 17].map((d) => answered(daysAgo(d), 60)),
      answered(daysAgo(30), 8 * 1440),
    ];
    expect(responseStats(enquiries, now)?.ratePercent).toBe(80);
  });
  it('given an unanswered conversation of yesterday, then it does not count yet', () => {
    const enquiries = [
      ...[20, 19, 18, 17, 16].map((d) => answered(daysAgo(d), 60)),
      { startedAt: daysAgo(1), firstReplyAt: null },
    ];
    expect(responseStats(enquiries, now)).toMatchObject({ conversations: 5, ratePercent: 100 });
  });
  it('says reply times as the card words them', () => {
    expect(replyTime(20 * 60_000)).toEqual({ usually: 'hour', n: 1 });
    expect(replyTime(5 * 3_600_000)).toEqual({ usually: 'hours', n: 5 });
    expect(replyTime(24 * 3_600_000)).toEqual({ usually: 'day', n: 1 });
    expect(replyTime(50 * 3_600_000)).toEqual({ usually: 'days', n: 3 });
  });
});
