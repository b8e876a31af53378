import sharp from 'sharp';

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A real JPEG of one colour, so the server's content checks and resizing run for real. */
export const jpeg = async (
  name: string,
  colour: { r: number; g: number; b: number },
): Promise<UploadFile> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});
