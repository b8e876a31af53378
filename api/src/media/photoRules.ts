import { valued } from '@rentals/core/i18n/valued';

/** Upload limits of SPEC §9 and DESIGN §8. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * Decoded size limit against decompression bombs: a 5 MB PNG can claim
 * 20000×20000 pixels (1.6 GB decoded). 50 megapixels admits every phone
 * camera (48 MP) and refuses the rest before anything is decoded.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;

/**
 * Decoded pixels of all photos in one request together: ten 16-megapixel
 * phone photos fit; ten 49-megapixel PNGs (1.5 MB on the wire, seconds of
 * CPU each) do not. Also what one user may have waiting in the photo pool.
 */
export const MAX_UPLOAD_PIXELS = 160_000_000;

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The file's name is a value: the owner reads which photo it was (core/src/i18n/valued.ts). */
export const photoMessages = {
  invalidType: valued<[file: string]>(
    ['file'],
    '{file} - Invalid file type. Only JPEG, PNG, and WebP are allowed.',
  ),
  tooLarge: valued<[file: string]>(['file'], '{file} - File too large. Maximum size is 5MB.'),
  tooManyPixels: valued<[file: string]>(
    ['file'],
    `{file} - Image dimensions too large. Maximum is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
  ),
  tooManyPixelsInAll: `Images too large in total. Maximum is ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels per upload.`,
  busy: 'Photo processing is busy right now; please try again in a few seconds.',
  interrupted: 'Photo processing was interrupted; please try again in a few seconds.',
  unreadable: valued<[file: string]>(
    ['file'],
    '{file} could not be processed: the file looks damaged or incomplete. Please upload it again.',
  ),
  notProcessed: valued<[file: string]>(
    ['file'],
    '{file} could not be processed after several tries. Please upload it again.',
  ),
} as const;

/**
 * The format by the file's first bytes, whatever its name or declared type
 * says: JPEG (FF D8 FF), PNG (89 'PNG' CR LF 1A LF), WebP ('RIFF' … 'WEBP').
 */
export const sniffFormat = (head: Uint8Array): PhotoFormat | null => {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
};
