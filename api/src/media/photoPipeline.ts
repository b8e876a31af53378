import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, photoMessages, sniffFormat } from './photoRules.ts';

/** Widths of the WebP renditions; the largest is the photo's `url`. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
const WEBP = { quality: 78, effort: 2 } as const;
const PLACEHOLDER_WIDTH = 16;

export type ProcessedVariant = { width: number; height: number; bytes: Buffer; hash: string };
export type ProcessedPhoto = {
  /** Auto-oriented size of the original. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
  placeholder: string;
};

/** A file that may be processed: within size, a real JPEG/PNG/WebP, within the pixel limit. */
export type CheckedPhoto = { name: string; bytes: Buffer; pixels: number };

let loaded: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded at the first photo rather than at start-up: loading
 * it adds ~90 MB to a Bun process's RSS, which a web process that serves no
 * upload never needs. Its operation cache is off: each photo is decoded and
 * encoded once, so the cache (up to 50 MB by default) would only hold memory.
 */
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

const contentHash = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/**
 * Checks one upload without decoding its pixels: size, format by content and
 * the header's dimensions. Returns the spec's message for the first failure.
 */
export const checkPhoto = async (file: {
  name: string;
  size: number;
  bytes: () => Promise<Uint8Array>;
}) => {
  if (file.size > MAX_PHOTO_BYTES) return { error: photoMessages.tooLarge(file.name) } as const;
  const bytes = Buffer.from(await file.bytes());
  if (!sniffFormat(bytes.subarray(0, 16)))
    return { error: photoMessages.invalidType(file.name) } as const;
  try {
    const sharp = await loadSharp();
    // Reads only the header; limitInputPixels makes sharp refuse a bomb here already.
    const meta = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
      return { error: photoMessages.invalidType(file.name) } as const;
    const pixels = meta.width * meta.height;
    if (pixels > MAX_PHOTO_PIXELS)
      return { error: photoMessages.tooManyPixels(file.name) } as const;
    return { photo: { name: file.name, bytes, pixels } satisfies CheckedPhoto } as const;
  } catch (error) {
    const pixels = error instanceof Error && /pixel limit/i.test(error.message);
    return {
      error: pixels ? photoMessages.tooManyPixels(file.name) : photoMessages.invalidType(file.name),
    } as const;
  }
};

/** A photo whose header was fine but whose pixels cannot be decoded (truncated, corrupt). */
export class UndecodablePhotoError extends Error {
  constructor(readonly file: string) {
    super(photoMessages.invalidType(file));
  }
}

/**
 * Turns one checked photo into WebP renditions and a placeholder. The photo
 * is decoded once (JPEG shrink-on-load makes that cheap), auto-oriented from
 * its EXIF orientation, and reduced to the largest width; the smaller widths
 * are made from those pixels. sharp writes no metadata unless asked, so EXIF
 * (GPS included), XMP and IPTC never reach the output.
 */
export const processPhoto = async (
  photo: Pick<CheckedPhoto, 'name' | 'bytes'>,
): Promise<ProcessedPhoto> => {
  try {
    return await decodeAndEncode(photo);
  } catch {
    // The header passed checkPhoto, so a failure here is the file's pixels: libvips reports a
    // truncated or corrupt JPEG, PNG or WebP only once it decodes them.
    throw new UndecodablePhotoError(photo.name);
  }
};

const decodeAndEncode = async (
  photo: Pick<CheckedPhoto, 'name' | 'bytes'>,
): Promise<ProcessedPhoto> => {
  const sharp = await loadSharp();
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const source = sharp(photo.bytes, {
    limitInputPixels: MAX_PHOTO_PIXELS,
    failOn: 'truncated',
  }).rotate();
  const meta = await sharp(photo.bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;

  const { data, info } = await source
    .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const widths = VARIANT_WIDTHS.filter((w) => w < info.width);
  const variants = await Promise.all(
    [...widths, info.width].map(async (w) => {
      const out = await sharp(data, raw)
        .resize({ width: w, withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      return {
        width: out.info.width,
        height: out.info.height,
        bytes: out.data,
        hash: contentHash(out.data),
      };
    }),
  );
  const tiny = await sharp(data, raw)
    .resize({ width: PLACEHOLDER_WIDTH })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();
  return {
    width,
    height,
    variants,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
};
