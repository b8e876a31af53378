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

/**
 * A JPEG whose layout depends on `seed` (shapes placed at random), so that its perceptual hash
 * differs from another seed's as two photos of different rooms do; `mirrored` flips it left to right.
 */
export const scene = async (name: string, seed: number, mirrored = false): Promise<UploadFile> => {
  let s = Math.imul(seed, 2654435761) >>> 0 || 1;
  const r = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const hsl = () => `hsl(${Math.round(r() * 360)},60%,${30 + Math.round(r() * 40)}%)`;
  const shapes = Array.from(
    { length: 12 },
    () =>
      `<rect x="${r() * 700}" y="${r() * 500}" width="${80 + r() * 260}" height="${60 + r() * 200}" fill="${hsl()}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${hsl()}"/>${shapes.join('')}</svg>`;
  const image = sharp(Buffer.from(svg));
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await (mirrored ? image.flop() : image).jpeg({ quality: 85 }).toBuffer(),
  };
};
