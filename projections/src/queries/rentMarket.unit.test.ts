import { describe, expect, it } from 'vitest';
import {
  comparableKind,
  describeRentChange,
  fairRent,
  MIN_TREND_SAMPLE,
  monthlyRent,
  monthOf,
  monthsBefore,
  shownMedian,
  type ComparableTier,
} from './rentMarket.ts';
import { trendGroups } from './rentTrends.ts';

describe('months', () => {
  it('are Indian calendar months', () => {
    expect(monthOf('2026-11-30T18:29:59.000Z')).toBe('2026-11-01');
    // 00:00 on 1 December in India is still 30 November in UTC.
    expect(monthOf('2026-11-30T18:30:00.000Z')).toBe('2026-12-01');
  });

  it('count back across years', () => {
    expect(monthsBefore('2026-02-01', 3)).toBe('2025-11-01');
    expect(monthsBefore('2026-11-01', 12)).toBe('2025-11-01');
    expect(monthsBefore('2026-12-01', 0)).toBe('2026-12-01');
    expect(monthsBefore('2026-12-01', -1)).toBe('2027-01-01');
  });
});

describe('monthly rent', () => {
  it('spreads a yearly rent over twelve months', () => {
    expect(monthlyRent(240000, 'yearly')).toBe(20000);
    expect(monthlyRent(20000, 'monthly')).toBe(20000);
  });
});

describe('the minimum sample', () => {
  it('hides a median until enough listings stand behind it', () => {
    expect(shownMedian({ median: 20000, sample: MIN_TREND_SAMPLE - 1 })).toBeNull();
    expect(shownMedian({ median: 20000.4, sample: MIN_TREND_SAMPLE })).toEqual({
      median: 20000,
      sample: MIN_TREND_SAMPLE,
    });
    expect(shownMedian(undefined)).toBeNull();
  });
});

describe('fair rent', () => {
  const flat2 = { propertyType: 'flat', bedrooms: 2 };
  const locality = (comparable?: { median: number; sample: number }): ComparableTier => ({
    basis: 'locality',
    place: 'Aundh',
    comparable,
  });
  const enough = { median: 20000, sample: 8 };
  const few = { median: 30000, sample: MIN_TREND_SAMPLE - 1 };

  it('is around the median within 10 % either side', () => {
    expect(fairRent(18000, flat2, [locality(enough)])?.verdict).toBe('around');
    expect(fairRent(22000, flat2, [locality(enough)])?.verdict).toBe('around');
  });

  // Given comparables at ₹20,000, when a rent is 30 % or more below, then tenants are warned (issue 41).
  it('is much below at or under 70 % of the median, and only then', () => {
    expect(fairRent(14000, flat2, [locality(enough)])?.muchBelow).toBe(true);
    expect(fairRent(9000, flat2, [locality(enough)])?.muchBelow).toBe(true);
    expect(fairRent(14001, flat2, [locality(enough)])?.muchBelow).toBe(false);
    expect(fairRent(20000, flat2, [locality(enough)])?.muchBelow).toBe(false);
  });

  // Given too few comparables nearby, when only the city's median stands, then no warning: a cheap
  // locality's honest rents sit far below a whole city's.
  it('is never much below a city median', () => {
    const city: ComparableTier = { basis: 'city', place: 'Pune', comparable: enough };
    expect(fairRent(9000, flat2, [locality(undefined), city])).toMatchObject({
      verdict: 'below',
      basis: 'city',
      muchBelow: false,
    });
  });

  it('is below or above beyond that, with the median, sample and basis in words', () => {
    expect(fairRent(17999, flat2, [locality(enough)])).toEqual({
      verdict: 'below',
      median: 20000,
      sample: 8,
      basis: 'locality',
      radiusKm: null,
      text: 'Below the median of ₹20,000 for 8 comparable 2 BHK flats in Aundh',
      muchBelow: false,
    });
    expect(fairRent(22001, flat2, [locality(enough)])?.text).toBe(
      'Above the median of ₹20,000 for 8 comparable 2 BHK flats in Aundh',
    );
  });

  it('widens to the first tier with enough comparable listings and says which', () => {
    const tiers: ComparableTier[] = [
      locality(few),
      { basis: 'nearby', km: 3, comparable: few },
      { basis: 'nearby', km: 5, comparable: { median: 21500, sample: 14 } },
      { basis: 'city', place: 'Pune', comparable: { median: 25000, sample: 90 } },
    ];
    expect(fairRent(21000, flat2, tiers)).toMatchObject({
      basis: 'nearby',
      radiusKm: 5,
      text: 'Around the median of ₹21,500 for 14 comparable 2 BHK flats within 5 km',
    });
    expect(fairRent(30000, { propertyType: 'PG', bedrooms: 1 }, [tiers[0]!, tiers[3]!])?.text).toBe(
      'Above the median of ₹25,000 for 90 comparable PGs in Pune',
    );
    expect(comparableKind('house', 0)).toBe('1 RK houses');
  });

  it('gives no hint without enough comparable listings in any tier', () => {
    expect(
      fairRent(10000, flat2, [locality(few), { basis: 'city', place: 'Pune', comparable: few }]),
    ).toBeNull();
    expect(fairRent(10000, flat2, [locality(undefined)])).toBeNull();
  });
});

describe('a rent change in words', () => {
  it('says reduced or raised, in rupees, on the Indian date', () => {
    const change = { rentType: 'monthly', previousRentType: 'monthly' };
    expect(
      describeRentChange({
        ...change,
        at: '2026-11-11T20:00:00.000Z',
        rent: 27000,
        previousRent: 30000,
      }),
    ).toBe('Rent reduced from ₹30,000 to ₹27,000 on 12 Nov 2026');
    expect(
      describeRentChange({
        ...change,
        at: '2026-11-12T06:00:00.000Z',
        rent: 1_25_000,
        previousRent: 1_00_000,
      }),
    ).toBe('Rent raised from ₹1,00,000 to ₹1,25,000 on 12 Nov 2026');
  });

  it('compares a yearly rent by the month', () => {
    expect(
      describeRentChange({
        at: '2026-11-12T06:00:00.000Z',
        rent: 300000,
        rentType: 'yearly',
        previousRent: 30000,
        previousRentType: 'monthly',
      }),
    ).toBe('Rent reduced from ₹30,000 to ₹3,00,000 a year on 12 Nov 2026');
  });
});

describe('the market in Hindi and Kannada', () => {
  const flat2 = { propertyType: 'flat', bedrooms: 2 };
  const aundh: ComparableTier = {
    basis: 'locality',
    place: 'Aundh',
    comparable: { median: 20000, sample: 8 },
  };
  const nearby: ComparableTier = {
    basis: 'nearby',
    km: 3,
    comparable: { median: 20000, sample: 8 },
  };

  it('says the fair-rent hint as a sentence of the language, figures as they are', () => {
    expect(fairRent(15000, flat2, [aundh], 'hi')?.text).toBe(
      'Aundh में 8 मिलती-जुलती 2 BHK फ़्लैट के मीडियन ₹20,000 से कम',
    );
    expect(fairRent(20000, flat2, [nearby], 'kn')?.text).toBe(
      '3 ಕಿ.ಮೀ. ಒಳಗೆ 8 ಇದೇ ರೀತಿಯ 2 BHK ಫ್ಲ್ಯಾಟ್‌ಗಳ ಮಧ್ಯಮ ಬಾಡಿಗೆ ₹20,000 ಗಿಂತ ಸುಮಾರು ಸಮ',
    );
  });

  it('says a rent change with the date in the language', () => {
    const change = {
      at: '2026-11-11T20:00:00.000Z',
      rent: 27000,
      rentType: 'monthly',
      previousRent: 30000,
      previousRentType: 'monthly',
    };
    const hindi = describeRentChange(change, 'hi');
    expect(hindi).toContain('₹30,000 से घटाकर ₹27,000 किया गया');
    expect(hindi).toMatch(/^12 नव/);
    expect(describeRentChange(change, 'kn')).toContain('₹30,000 ರಿಂದ ₹27,000 ಕ್ಕೆ ಇಳಿಸಲಾಗಿದೆ');
  });
});

describe('trend groups', () => {
  const row = (month: string, median: number, sample = 6, bedrooms = 2) => ({
    propertyType: 'flat',
    bedrooms,
    month,
    median,
    sample,
  });

  it('sets this month against three and twelve months ago, with a thirteen-month series', () => {
    const [group, ...rest] = trendGroups(
      [row('2026-11-01', 25000), row('2026-08-01', 24000), row('2025-11-01', 22000, 5)],
      '2026-11-01',
    );
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      propertyType: 'flat',
      bedrooms: 2,
      now: { median: 25000, sample: 6 },
      threeMonthsAgo: { median: 24000, sample: 6 },
      twelveMonthsAgo: { median: 22000, sample: 5 },
    });
    expect(group!.series).toHaveLength(13);
    expect(group!.series[0]).toEqual({ month: '2025-11-01', median: 22000, sample: 5 });
    expect(group!.series[1]).toEqual({ month: '2025-12-01', median: null, sample: 0 });
    expect(group!.series[12]).toEqual({ month: '2026-11-01', median: 25000, sample: 6 });
  });

  it('shows no figure from too few listings and leaves out a group with none', () => {
    const groups = trendGroups(
      [row('2026-11-01', 25000, 6), row('2026-08-01', 99000, 1), row('2026-11-01', 50000, 2, 3)],
      '2026-11-01',
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.threeMonthsAgo).toBeNull();
    expect(groups[0]!.series[9]).toEqual({ month: '2026-08-01', median: null, sample: 1 });
  });
});
