/**
 * Draws the installed app's icons (web/public/icons/) from the favicon's 'K': 192 and 512 px as
 * the favicon is (rounded square, transparent corners), and a maskable 512 px one whose orange
 * fills the whole square and whose letter stays inside the 80 % safe zone Android's masks keep.
 * Run once when the logo changes (`npx tsx web/scripts/pwa-icons.ts`); the PNGs are committed.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = await readFile(`${publicDir}favicon.svg`, 'utf8');
const letter = /<path d="([^"]+)"[^>]*fill="#fff"/.exec(favicon)?.[1];
const orange = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!letter || !orange) throw new Error("favicon.svg n'a plus la forme attendue (un carré orange et un 'K' blanc)");

// The letter spans about 30×32 units of the favicon's 64: at 0.6 it is ~60 % of the icon, inside
// the safe zone (a circle of 80 % of the width) with margin.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${orange}"/><g transform="translate(32 32) scale(0.6) translate(-35 -32)"><path d="${letter}" fill="#fff"/></g></svg>`;

await mkdir(`${publicDir}icons`, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(favicon), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(`${publicDir}icons/kalan-${size}.png`);
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 64 }).resize(512, 512).png({ compressionLevel: 9 }).toFile(`${publicDir}icons/kalan-maskable-512.png`);
console.log('web/public/icons/: kalan-192.png, kalan-512.png, kalan-maskable-512.png');
