import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, photoMessages, sniffFormat } from './photoRules.ts';
import { createPhotoWorker, PhotoJobFailedError } from './photoWorker.ts';
import type { ProcessedPhoto } from './photoCodec.ts';

export type { ProcessedPhoto, ProcessedVariant } from './photoCodec.ts';

/** A file that may be processed: within size, a real JPEG/PNG/WebP, within the pixel limit. */
export type CheckedPhoto = { name: string; bytes: Buffer; pixels: number };

/** The process's one photo worker (photoWorker.ts): every upload's pixels are handled there. */
export const photoWorker = createPhotoWorker();

/**
 * Checks one upload without decoding its pixels: size and format by content
 * here, the header's dimensions in the worker. Returns the spec's message for
 * the first failure.
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
  const header = await photoWorker.header(bytes);
  if ('error' in header)
    return {
      error:
        header.error === 'pixels'
          ? photoMessages.tooManyPixels(file.name)
          : photoMessages.invalidType(file.name),
    } as const;
  if (header.pixels > MAX_PHOTO_PIXELS)
    return { error: photoMessages.tooManyPixels(file.name) } as const;
  return {
    photo: { name: file.name, bytes, pixels: header.pixels } satisfies CheckedPhoto,
  } as const;
};

/** A photo whose header was fine but whose pixels cannot be decoded (truncated, corrupt). */
export class UndecodablePhotoError extends Error {
  constructor(readonly file: string) {
    super(photoMessages.invalidType(file));
  }
}

/** WebP renditions and a placeholder of one checked photo (photoCodec.ts's encodePhoto, in the worker). */
export const processPhoto = async (
  photo: Pick<CheckedPhoto, 'name' | 'bytes'>,
): Promise<ProcessedPhoto> => {
  try {
    return await photoWorker.encode(photo.bytes);
  } catch (error) {
    // The header passed checkPhoto, so a failed job is the file's pixels: libvips reports a
    // truncated or corrupt JPEG, PNG or WebP only once it decodes them.
    if (error instanceof PhotoJobFailedError) throw new UndecodablePhotoError(photo.name);
    throw error;
  }
};
