/**
 * Draws the installed app's icons from the favicon (site/public/favicon.svg), once:
 * `bun site/scripts/appIcons.ts`. The PNGs are committed (site/public/icons/), so the
 * site's build needs no image step; run this again only when the favicon changes.
 * The maskable icon puts the house inside the central 80 % safe zone on a full-bleed
 * blue square, since a launcher may cut it to a circle or a squircle.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const BLUE = '#1d4ed8';

/** The favicon's house alone, on a square of the favicon's blue with no rounded corners. */
const maskable = favicon
  .replace(/<rect[^>]*\/>/, `<rect width="32" height="32" fill="${BLUE}"/>`)
  .replace('<path ', '<path transform="translate(3.2 3.2) scale(0.8)" ');

const draw = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${publicDir}icons/${file}`);

await draw(favicon, 192, 'icon-192.png');
await draw(favicon, 512, 'icon-512.png');
await draw(maskable, 512, 'maskable-512.png');
