import { describe, expect, it } from 'vitest';
import {
  hammingDistance,
  hashAsBigint,
  hashBands,
  hexFromBits,
  isSamePhoto,
  photoCloseness,
  photoMatchInWords,
  SAME_PHOTO_DISTANCE,
  sharesBand,
} from './photoHash.ts';

/** `hex` with the given bit positions (0 = most significant) flipped. */
const flip = (hex: string, ...bits: number[]) => {
  let n = BigInt(`0x${hex}`);
  for (const b of bits) n ^= 1n << BigInt(63 - b);
  return n.toString(16).padStart(16, '0');
};
const H = 'a5c3f00f12345678';
/** A photo whose centre looks like the whole (unless given). */
const photo = (hash: string, mirrored: string, centre = hash, centreMirrored = mirrored) => ({
  hash,
  mirrored,
  centre,
  centreMirrored,
});

describe('perceptual hash distance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance(H, H)).toBe(0);
    expect(hammingDistance(H, flip(H, 0))).toBe(1);
    expect(hammingDistance(H, flip(H, 0, 17, 63))).toBe(3);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
  });

  it('reads sharp-phash bits as hex, most significant first', () => {
    expect(hexFromBits('1'.padEnd(64, '0'))).toBe('8000000000000000');
    expect(hexFromBits('0'.repeat(63) + '1')).toBe('0000000000000001');
    expect(() => hexFromBits('012')).toThrow();
  });

  it('stores the hash as Postgres bigint holds it (two’s complement)', () => {
    expect(hashAsBigint('0000000000000001')).toBe('1');
    expect(hashAsBigint('ffffffffffffffff')).toBe('-1');
    expect(hashAsBigint('8000000000000000')).toBe('-9223372036854775808');
  });

  it('is the same photo within the threshold, not beyond', () => {
    const near = flip(H, ...Array.from({ length: SAME_PHOTO_DISTANCE }, (_, i) => i * 6));
    const far = flip(H, ...Array.from({ length: SAME_PHOTO_DISTANCE + 1 }, (_, i) => i * 5));
    expect(isSamePhoto(photo(H, far), photo(near, far))).toBe(true);
    expect(isSamePhoto(photo(H, near), photo(far, H))).toBe(false);
  });

  it('finds a mirrored copy by the mirrored hash', () => {
    const mirrored = 'ffff0000ffff0000';
    expect(photoCloseness(photo(H, mirrored), photo(flip(mirrored, 3), H))).toEqual({
      distance: 1,
      mirrored: true,
    });
    expect(photoMatchInWords(1, true)).toBe(
      'Nearly identical photo (1 of 64 bits differ), mirrored',
    );
    expect(photoMatchInWords(0, false)).toBe('Identical photo');
  });

  it('finds a cropped copy by the centre’s hash', () => {
    const centre = '123456789abcdef0';
    const original = photo(H, '0000ffff0000ffff', centre, 'ffffffff00000000');
    // The copy is the centre: its whole-photo hash is the original's centre hash, give or take a bit.
    const cropped = photo(
      flip(centre, 9),
      'f0f0f0f0f0f0f0f0',
      'aaaaaaaaaaaaaaaa',
      '5555555555555555',
    );
    expect(photoCloseness(original, cropped)).toEqual({ distance: 1, mirrored: false });
  });
});

describe('band lookup', () => {
  it('splits the hash into 8 bands of 8 bits', () => {
    expect(hashBands('0102030405060708')).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 7],
      [7, 8],
    ]);
  });

  it('finds every hash within 7 bits (pigeonhole), even with each flip in another band', () => {
    const seven = flip(H, 0, 8, 16, 24, 32, 40, 48);
    expect(hammingDistance(H, seven)).toBe(7);
    expect(sharesBand(H, seven)).toBe(true);
  });

  it('misses a hash whose differing bits touch every band', () => {
    const eight = flip(H, 0, 8, 16, 24, 32, 40, 48, 56);
    expect(sharesBand(H, eight)).toBe(false);
  });
});
