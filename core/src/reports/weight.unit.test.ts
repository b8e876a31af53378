import { describe, expect, it } from 'vitest';
import { hidingWeight, reportWeights, reporterWeight, type WeighedReport } from './weight.ts';

const AT = '2026-03-10T10:00:00.000Z';
const daysBefore = (n: number) => new Date(Date.parse(AT) - n * 86_400_000).toISOString();

const scam = (id: string, reporter: WeighedReport['reporter'] = {}): WeighedReport => ({
  reportId: id,
  reason: 'Fake or scam',
  at: AT,
  reporter: { since: daysBefore(30), address: `addr-${id}`, emailVerified: true, ...reporter },
});

describe('a reporter’s weight', () => {
  it('a verified account past its first day counts as 1, and says why', () => {
    expect(reporterWeight(scam('a'))).toEqual({
      weight: 1,
      why: ['Account 30 days old, email confirmed: counts as 1'],
    });
  });

  it('an account less than a day old weighs nothing, whatever its record', () => {
    const young = scam('a', {
      since: new Date(Date.parse(AT) - 3_600_000).toISOString(),
      upheld: 5,
    });
    expect(reporterWeight(young)).toEqual({
      weight: 0,
      why: ['Account less than a day old when reporting: does not count'],
    });
  });

  it('says why in the admin’s language, the numbers kept', () => {
    expect(reporterWeight(scam('a', { upheld: 1 }), 'hi').why).toEqual([
      'अकाउंट 30 दिन पुराना, ईमेल की पुष्टि हुई: 1 गिनी जाती है',
      '1 पिछली शिकायत हमारी टीम ने सही मानी: +½',
    ]);
    const other = { ...scam('b'), reason: 'Already rented' };
    expect(reportWeights([other], 'kn')[0]?.why).toEqual([
      '‘ನಕಲಿ ಅಥವಾ ವಂಚನೆ’ ದೂರುಗಳು ಮಾತ್ರ ಲಿಸ್ಟಿಂಗ್ ಅನ್ನು ಮರೆಮಾಡಬಹುದು',
    ]);
  });

  it('an unconfirmed email weighs nothing', () => {
    expect(reporterWeight(scam('a', { emailVerified: false })).weight).toBe(0);
  });

  it('upheld reports add ½ each, up to 1; rejected ones take ½ each, down to nothing', () => {
    expect(reporterWeight(scam('a', { upheld: 1 })).weight).toBe(1.5);
    expect(reporterWeight(scam('a', { upheld: 5 })).weight).toBe(2);
    expect(reporterWeight(scam('a', { rejected: 1 })).weight).toBe(0.5);
    const rejected = reporterWeight(scam('a', { rejected: 3, upheld: 1 }));
    expect(rejected.weight).toBe(0);
    expect(rejected.why).toEqual([
      'Account 30 days old, email confirmed: counts as 1',
      '1 earlier report upheld by our team: +½',
      '3 earlier reports rejected by our team: −1½',
      'More rejected than upheld: does not count',
    ]);
  });

  it('a report made before reporters were weighed counts as 1', () => {
    expect(
      reporterWeight({ reportId: 'a', reason: 'Fake or scam', at: AT, reporter: {} }).weight,
    ).toBe(1);
  });
});

describe('the weight toward hiding', () => {
  it('counts one report per address: the heaviest', () => {
    const weights = reportWeights([
      scam('a', { address: 'shared' }),
      scam('b', { address: 'shared', upheld: 2 }),
      scam('c', { address: 'shared' }),
    ]);
    expect(weights.map((w) => w.weight)).toEqual([0, 2, 0]);
    expect(weights[0]?.why.at(-1)).toBe(
      'Another report from the same address counts already: does not count',
    );
  });

  it('counts only reports of a scam', () => {
    const rented = { ...scam('a'), reason: 'Already rented' };
    expect(reportWeights([rented])[0]).toEqual({
      reportId: 'a',
      weight: 0,
      why: ["Only 'Fake or scam' reports can hide a listing"],
    });
  });

  it('ten new accounts weigh nothing; three trusted reporters weigh 3', () => {
    const young = { since: daysBefore(0.5) };
    const brigade = Array.from({ length: 10 }, (_, i) => scam(`n${i}`, young));
    expect(hidingWeight(brigade)).toBe(0);
    expect(hidingWeight([...brigade, scam('a'), scam('b'), scam('c')])).toBe(3);
  });
});
