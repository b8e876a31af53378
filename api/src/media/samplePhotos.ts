import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Photos made locally for tests, the seed and the benchmark (no network):
 * a two-colour gradient with a few shapes and a label, like a listing shot
 * reduced to its essentials.
 */
export type SamplePhotoOptions = {
  width: number;
  height: number;
  /** Two CSS colours for the gradient. */
  colors?: [string, string];
  label?: string;
  format?: 'jpeg' | 'png' | 'webp';
  /** 0–1: adds fine grain so JPEGs reach camera-like file sizes. */
  grain?: number;
  quality?: number;
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * The label on a dark band inside the part of the photo that every crop the
 * site makes keeps (object-fit: cover into 16:9 down to 1:1 frames keeps the
 * middle 75 % each way): lower than the middle, sized to its length.
 */
const labelBand = (w: number, h: number, label: string) => {
  const size = Math.round(Math.min(h / 15, (w * 0.6) / (0.6 * label.length)));
  const baseline = Math.round(h * 0.78);
  return `<rect x="0" y="${baseline - size * 1.1}" width="${w}" height="${size * 1.5}" fill="#000000" fill-opacity="0.35"/>
  <text x="50%" y="${baseline}" font-family="sans-serif" font-size="${size}" text-anchor="middle"
    fill="#ffffff" fill-opacity="0.92">${escapeXml(label)}</text>`;
};

export const samplePhoto = async (options: SamplePhotoOptions): Promise<Buffer> => {
  const {
    width: w,
    height: h,
    colors = ['#f59e0b', '#0ea5e9'],
    label = '',
    format = 'jpeg',
  } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${w * 0.15}" y="${h * 0.35}" width="${w * 0.4}" height="${h * 0.45}" fill="#ffffff" fill-opacity="0.35"/>
  <polygon points="${w * 0.1},${h * 0.37} ${w * 0.35},${h * 0.12} ${w * 0.6},${h * 0.37}" fill="#7c2d12" fill-opacity="0.5"/>
  <circle cx="${w * 0.8}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.08}" fill="#fde68a" fill-opacity="0.8"/>
  ${label ? labelBand(w, h, label) : ''}
</svg>`;
  let image = sharp(Buffer.from(svg), { limitInputPixels: false }).flatten({
    background: '#ffffff',
  });
  if (options.grain && options.grain > 0) {
    const noise = await sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 64 * options.grain },
      },
    })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer(), { limitInputPixels: false }).composite([
      { input: noise, blend: 'overlay' },
    ]);
  }
  const quality = options.quality ?? 85;
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.jpeg({ quality }).toBuffer();
};

/** A JPEG carrying GPS coordinates and a camera orientation in its EXIF, as phones write them. */
export const jpegWithGps = async (options: {
  width: number;
  height: number;
  orientation?: number;
}) => {
  const base = await samplePhoto({ ...options, label: 'GPS' });
  return sharp(base)
    .withMetadata({ orientation: options.orientation ?? 1 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 4321/100',
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** True when EXIF data holds a GPS directory (tag 0x8825, either byte order). */
export const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

/**
 * A camera-sized JPEG: gradient plus deterministic grain, fast to make (no
 * SVG). Grain `amplitude` sets the size: about 4.5 MB at 4000×3000 with 24.
 */
export const cameraPhoto = async (options: {
  width: number;
  height: number;
  seed: number;
  amplitude?: number;
}) => {
  const { width: w, height: h, seed } = options;
  const amplitude = options.amplitude ?? 24;
  const pixels = Buffer.alloc(w * h * 3);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // xorshift32: deterministic grain without a library
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const n = ((state >>> 0) % (amplitude * 2 + 1)) - amplitude;
      const i = (y * w + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (((x * 255) / w + ((seed * 37) % 255)) % 256) + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / h + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + ((seed * 53) % 100) - 50 + n));
    }
  }
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Uint8Array) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/**
 * A decompression bomb: a complete, valid 1-bit PNG of `size`×`size` black
 * pixels. A few tens of KB on the wire, `size`² pixels (400 million for 20000)
 * once decoded.
 */
export const pngBomb = (size = 20_000): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(size / 8); // filter byte + packed bits
  const idat = deflateSync(Buffer.alloc(row * size), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ]);
};

/** xorshift32 in [0, 1): deterministic scenes without a library. */
const sceneRandom = (seed: number) => {
  let s = Math.imul(seed, 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
};

/**
 * A photo whose layout, not only its colours, depends on `seed`: a gradient and fourteen shapes
 * placed at random. samplePhoto's scenes share one layout, so their perceptual hashes are alike;
 * these differ as two photos of different rooms do (docs/TRUST.md measures both).
 */
export const scenePhoto = async (seed: number, width = 1600, height = 1200): Promise<Buffer> => {
  const r = sceneRandom(seed);
  const colour = () =>
    `hsl(${Math.round(r() * 360)},${30 + Math.round(r() * 50)}%,${25 + Math.round(r() * 50)}%)`;
  const shapes = Array.from({ length: 14 }, () => {
    const [x, y] = [r() * width, r() * height];
    const [w, h] = [(0.08 + r() * 0.35) * width, (0.08 + r() * 0.35) * height];
    return r() < 0.6
      ? `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${colour()}"/>`
      : `<circle cx="${x}" cy="${y}" r="${w / 3}" fill="${colour()}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="${r()}" y1="0" x2="${r()}" y2="1">
    <stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
};

/**
 * What someone re-using a photo does to it so that it looks new: each a JPEG made from `photo`
 * (the attack suite's evasions of the perceptual hash, docs/TRUST.md).
 */
export const photoEvasions = async (photo: Buffer) => {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  // 10 % off each dimension, 5 % from each side.
  const crop = { left: Math.round(width * 0.05), top: Math.round(height * 0.05) };
  return {
    resized: await sharp(photo)
      .resize({ width: Math.round(width / 2.5) })
      .jpeg({ quality: 80 })
      .toBuffer(),
    recompressed: await sharp(photo).jpeg({ quality: 30 }).toBuffer(),
    cropped: await sharp(photo)
      .extract({ ...crop, width: width - 2 * crop.left, height: height - 2 * crop.top })
      .jpeg({ quality: 85 })
      .toBuffer(),
    mirrored: await sharp(photo).flop().jpeg({ quality: 85 }).toBuffer(),
  };
};
