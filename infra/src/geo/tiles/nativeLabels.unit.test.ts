import { describe, expect, it } from 'vitest';
import { cityNativeNames, localityNativeNames, nativeNameFields } from './nativeLabels.ts';

describe("a basemap label's written names", () => {
  it("are the gazetteer's for a city, by GeoNames' name or the product's", () => {
    expect(cityNativeNames('Bengaluru')).toEqual({ hi: 'बेंगलुरु', kn: 'ಬೆಂಗಳೂರು' });
    expect(cityNativeNames('Gurgaon')).toEqual(cityNativeNames('Gurugram'));
    expect(cityNativeNames('Gurgaon')?.hi).toBe('गुरुग्राम');
  });

  it('are not given by a city alias that GeoNames names a place of its own', () => {
    expect(cityNativeNames('New Delhi')).toBeUndefined();
    expect(cityNativeNames('Kallakurichi')).toBeUndefined();
  });

  it("are a PIN's popular locality's when the PIN is labelled with it, else none", () => {
    expect(localityNativeNames('560034', 'Koramangala')).toEqual({ hi: 'कोरमंगला', kn: 'ಕೋರಮಂಗಲ' });
    expect(localityNativeNames('560034', 'Koramangala VI Bk')).toBeUndefined();
    expect(localityNativeNames('999999', 'Koramangala')).toBeUndefined();
  });

  it('become the tile fields name_hi and name_kn, or no field at all', () => {
    expect(nativeNameFields({ hi: 'पुणे', kn: 'ಪುಣೆ' })).toEqual({ name_hi: 'पुणे', name_kn: 'ಪುಣೆ' });
    expect(nativeNameFields(undefined)).toEqual({});
  });
});
