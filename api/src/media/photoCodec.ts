import { createHash } from 'node:crypto';
import sharp from 'sharp';
import phash from 'sharp-phash';
import { hexFromBits, type PhotoHashes } from '@rentals/core/trust/photoHash';
import { MAX_PHOTO_PIXELS } from './photoRules.ts';

// The libvips side of the photo pipeline. Only the photo worker process
// (photoWorkerMain.ts) imports this file, so the web process never loads
// libvips: see photoWorker.ts for why.

// Each photo is decoded and encoded once, so libvips's operation cache (up to 50 MB) would only hold memory.
sharp.cache(false);

/** Widths of the WebP renditions; the largest is the photo's `url`. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
const WEBP = { quality: 78, effort: 2 } as const;
/**
 * AVIF beside each WebP, for the browsers that take it (all current ones): about half the bytes at
 * the same look. Effort 0 costs about as much as the WebP encode; effort 2 costs 3–4× it and effort 4
 * (sharp's default) 40× on 2 CPUs, for a few per cent fewer bytes (docs/IMAGES.md).
 */
const AVIF = { quality: 50, effort: 0 } as const;
const PLACEHOLDER_WIDTH = 16;
/** The centre hash leaves out 5 % of each side: the part a 10 % crop keeps. */
const CENTRE_INSET = 0.05;

export type EncodedFile = { bytes: Buffer; hash: string };
export type ProcessedVariant = EncodedFile & { width: number; height: number; avif: EncodedFile };
export type ProcessedPhoto = {
  /** Auto-oriented size of the original. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
  placeholder: string;
  /** Perceptual hashes of the photo and its mirror image (core/src/trust/photoHash.ts). */
  phash: PhotoHashes;
};

/** What a photo's header says: its pixels, or why it is refused (not an image we take; over the pixel limit). */
export type PhotoHeader = { pixels: number } | { error: 'type' | 'pixels' };

/** Reads only the header; limitInputPixels makes sharp refuse a bomb here already. */
export const readHeader = async (bytes: Uint8Array): Promise<PhotoHeader> => {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
      return { error: 'type' };
    return { pixels: meta.width * meta.height };
  } catch (error) {
    return {
      error: error instanceof Error && /pixel limit/i.test(error.message) ? 'pixels' : 'type',
    };
  }
};

const contentHash = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/**
 * Turns one photo into WebP renditions and a placeholder. The photo is
 * decoded once (JPEG shrink-on-load makes that cheap), auto-oriented from its
 * EXIF orientation, and reduced to the largest width; the smaller widths are
 * made from those pixels. sharp writes no metadata unless asked, so EXIF (GPS
 * included), XMP and IPTC never reach the output. Throws when the pixels
 * cannot be decoded (truncated, corrupt).
 */
export const encodePhoto = async (bytes: Uint8Array): Promise<ProcessedPhoto> => {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const source = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' }).rotate();
  const meta = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
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

  // Started first: its DCTs run in JavaScript while libvips encodes the renditions on its threads.
  const hashing = perceptualHashes(data, raw);
  const widths = VARIANT_WIDTHS.filter((w) => w < info.width);
  const variants = await Promise.all(
    [...widths, info.width].map(async (w) => {
      const resized = sharp(data, raw).resize({ width: w, withoutEnlargement: true });
      const [out, avif] = await Promise.all([
        resized.clone().webp(WEBP).toBuffer({ resolveWithObject: true }),
        resized.clone().avif(AVIF).toBuffer(),
      ]);
      return {
        width: out.info.width,
        height: out.info.height,
        bytes: out.data,
        hash: contentHash(out.data),
        avif: { bytes: avif, hash: contentHash(avif) },
      };
    }),
  );
  const [tiny, hashes] = await Promise.all([placeholderOf(data, raw), hashing]);
  return {
    width,
    height,
    variants,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    phash: hashes,
  };
};

type Raw = { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

const placeholderOf = (data: Buffer, raw: Raw) =>
  sharp(data, raw).resize({ width: PLACEHOLDER_WIDTH }).blur(1).webp({ quality: 40 }).toBuffer();

/** The hashes of one picture and of its mirror image. */
const hashPair = async (data: Buffer, raw: Raw) => {
  // sharp-phash shrinks to 32×32 grey itself; from 64×64 that costs nothing, and the mirror of
  // the small copy is the small copy of the mirror.
  const small = await sharp(data, raw)
    .resize(64, 64, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smallRaw = { raw: { width: 64, height: 64, channels: small.info.channels } } as const;
  const flopped = await sharp(small.data, smallRaw).flop().raw().toBuffer();
  const [hash, mirrored] = await Promise.all([
    phash(small.data, smallRaw),
    phash(flopped, smallRaw),
  ]);
  return { hash: hexFromBits(hash), mirrored: hexFromBits(mirrored) };
};

/**
 * The photo's perceptual hashes (core/src/trust/photoHash.ts), from the decoded pixels already in
 * hand (no second decode): of the whole photo and of its central 90 %, each also mirrored. A copy
 * flipped left to right is found by the mirrored hash; a copy cropped by 10 % by the centre's,
 * which a crop moves 0–1 bits where the whole photo's moves 6–18 (docs/TRUST.md).
 */
export const perceptualHashes = async (data: Buffer, raw: Raw): Promise<PhotoHashes> => {
  const { width, height } = raw.raw;
  const [left, top] = [Math.round(width * CENTRE_INSET), Math.round(height * CENTRE_INSET)];
  const centre = await sharp(data, raw)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const centreRaw = {
    raw: { width: centre.info.width, height: centre.info.height, channels: centre.info.channels },
  } as const;
  const [whole, middle] = await Promise.all([
    hashPair(data, raw),
    hashPair(centre.data, centreRaw),
  ]);
  return { ...whole, centre: middle.hash, centreMirrored: middle.mirrored };
};
