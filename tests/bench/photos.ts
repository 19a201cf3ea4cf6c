/**
 * Light photos (issue 14, point 3): what a search page of 20 tutor cards loads in images, measured
 * in the project's Chromium by summing the image responses' bodies, before (each card loads its
 * original, as before the variants: a presigned GET) and after (the variant `srcset` and `sizes`
 * pick), at 390 px (DPR 2 and 3) and 1280 px (DPR 1 and 2); and the resize time per photo.
 *
 * The photos: this machine holds no real photos, so 20 synthetic portraits are drawn (a face-like
 * oval on a background, sensor noise), stored as the SPA stores a camera's picture (JPEG 0.8,
 * at most 1920 px: features/onboarding image-uploader). Their bytes are printed: a real phone
 * photo of the same size is in the same range, and the variants' weight depends far less on the
 * content than the originals'.
 *
 * "Before" is the same page with the tutors' variants unmarked (the API then answers the
 * original's presigned address, as it did before): same tutors, same photos, same browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { SearchResponse } from '#shared/discovery-schemas';
import { SHARE_IMAGE } from '#shared/photos';
import { prng } from '../../infra/local/seed/tutors.js';
import { launchChromium } from '../support/chromium.js';
import type { StackInfo } from '../support/stack-info.js';
import { startStackProcess } from '../support/stack-process.js';
import { api, claimsOf, signIn, signUp, uniqueEmail } from '../support/stack.js';
import { benchPorts, sized } from './sizes.js';

const CARDS = sized(20, 2);
/** The SPA's camera and file-picker re-encoding (image-uploader.tsx): JPEG 0.8, at most 1920 px. */
const STORED_SIDE = 1920;
const GOAL_KB = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;


/**
 * Detail at every scale, as in natural images (amplitude ∝ 1/frequency): octaves of random
 * values, each drawn at twice the previous resolution and upsampled (bicubic) to the full size.
 */
async function fractalTexture(width: number, height: number, rnd: () => number): Promise<Float32Array> {
  const sum = new Float32Array(width * height);
  for (let octave = 0; octave < 9; octave += 1) {
    const w = Math.max(2, Math.round(width / 2 ** (9 - octave)));
    const h = Math.max(2, Math.round(height / 2 ** (9 - octave)));
    const small = Buffer.alloc(w * h);
    for (let i = 0; i < small.length; i += 1) small[i] = Math.floor(rnd() * 256);
    const up = await sharp(small, { raw: { width: w, height: h, channels: 1 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
    const amplitude = 1 / 2 ** (octave * 0.5);
    for (let i = 0; i < sum.length; i += 1) sum[i]! += ((up[i]! - 128) / 128) * amplitude;
  }
  return sum;
}

/** A synthetic portrait, 1440 × 1920 (a face-like oval on a textured background), stored as the SPA stores a photo. */
export async function syntheticPhoto(seed: number): Promise<Buffer> {
  const width = 1440;
  const height = STORED_SIDE;
  const rnd = prng(seed + 1);
  const texture = await fractalTexture(width, height, rnd);
  const background = [rnd() * 120 + 60, rnd() * 120 + 60, rnd() * 120 + 60];
  const skin = [150 + rnd() * 80, 100 + rnd() * 60, 60 + rnd() * 50];
  const shirt = [rnd() * 200, rnd() * 200, rnd() * 200];
  const pixels = Buffer.alloc(width * height * 3);
  const [cx, cy, rx, ry] = [width / 2 + (rnd() - 0.5) * 200, height * 0.42, width * 0.22, height * 0.2];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const inFace = dx * dx + dy * dy <= 1;
      const inEye = inFace && Math.abs(dy + 0.2) < 0.08 && Math.abs(Math.abs(dx) - 0.4) < 0.14;
      const inShoulders = y > height * 0.7 && Math.abs(x - cx) < width * 0.45 * Math.min(1, (y - height * 0.7) / (height * 0.1));
      const base = inEye ? [40, 30, 25] : inFace ? skin : inShoulders ? shirt : background;
      // Texture (strong on the background and clothes, soft on the skin), light from the top left, sensor noise.
      const detail = texture[y * width + x]! * (inFace ? 18 : 45);
      const light = 0.75 + 0.35 * (1 - (x / width + y / height) / 2);
      for (let c = 0; c < 3; c += 1) {
        const noise = (rnd() + rnd() + rnd() - 1.5) * 8;
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, (base[c]! + detail) * light + noise));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

async function benchResize(photos: Buffer[]): Promise<void> {
  const { resizePhoto } = await import('../../functions/src/photos/resize.js');
  await resizePhoto(photos[0]!); // warm-up: libvips' first load
  const times: number[] = [];
  const bytesByWidth = new Map<number, number[]>();
  const shareBytes: number[] = [];
  for (const photo of photos) {
    const started = performance.now();
    const { variants, share } = await resizePhoto(photo);
    times.push(performance.now() - started);
    for (const variant of variants) bytesByWidth.set(variant.width, [...(bytesByWidth.get(variant.width) ?? []), variant.body.byteLength]);
    shareBytes.push(share.byteLength);
  }
  const originals = photos.map((photo) => photo.length);
  console.log(`## Photo resizing (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}; ${photos.length} photos 1440 × 1920 JPEG 0.8, in process)`);
  console.log(`  originals: median ${kb(median(originals))}, from ${kb(Math.min(...originals))} to ${kb(Math.max(...originals))}`);
  console.log(`  resize time per photo (decode, rotate, 5 WebP variants, the ${SHARE_IMAGE.size} px JPEG share image): median ${median(times).toFixed(0)} ms, p95 ${p95(times).toFixed(0)} ms`);
  console.log(`  variants (median bytes): ${[...bytesByWidth].map(([width, sizes]) => `${width} px ${kb(median(sizes))}`).join(', ')}`);
  console.log(`  share image (${SHARE_IMAGE.file}, ${SHARE_IMAGE.size} × ${SHARE_IMAGE.size} JPEG): median ${kb(median(shareBytes))}, max ${kb(Math.max(...shareBytes))}`);
  // An upper bound whatever the content: pure noise has no structure left for WebP to use.
  const noise = Buffer.alloc(1440 * STORED_SIDE * 3);
  const rnd = prng(99);
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(rnd() * 256);
  const worst = await resizePhoto(await sharp(noise, { raw: { width: 1440, height: STORED_SIDE, channels: 3 } }).jpeg({ quality: 80 }).toBuffer());
  console.log(
    `  upper bound (a photo of pure noise): ${worst.variants.map((variant) => `${variant.width} px ${kb(variant.body.byteLength)}`).join(', ')}, ${SHARE_IMAGE.file} ${kb(worst.share.byteLength)}`,
  );
}

interface PageLoad {
  bytes: number;
  images: number;
  /** The image addresses loaded, by the variant width they name (`original` otherwise). */
  picked: Record<string, number>;
}

/** Signs in as the parent, opens the search page of the 20 tutors, scrolls to its end, sums the images' bodies. */
async function loadSearchPage(
  browser: Browser,
  stack: StackInfo,
  account: { email: string; password: string },
  query: string,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<PageLoad> {
  const { deviceScaleFactor, ...size } = viewport;
  const context = await browser.newContext({ baseURL: stack.appUrl, viewport: size, deviceScaleFactor, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });

    const loads: Array<Promise<{ url: string; bytes: number }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      loads.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
    });
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await page.getByRole('article').nth(CARDS - 1).waitFor({ timeout: 30_000 });
    // Every card on screen once: lazy images load as they come near.
    for (let i = 0; i < CARDS; i += 1) await page.getByRole('article').nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (count) => Array.from(document.querySelectorAll('article img')).filter((img) => (img as HTMLImageElement).complete).length >= count,
      CARDS,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(loads);
    const photos = loaded.filter((load) => load.url.includes('/photos/') || load.url.includes('profile_photo_'));
    const picked: Record<string, number> = {};
    for (const load of photos) {
      const width = /\/(\d+)\.webp$/.exec(new URL(load.url).pathname)?.[1] ?? 'original';
      picked[width] = (picked[width] ?? 0) + 1;
    }
    return { bytes: photos.reduce((sum, load) => sum + load.bytes, 0), images: photos.length, picked };
  } finally {
    await context.close();
  }
}

const ALL_VIEWPORTS = [
  { label: '390 px, DPR 2', width: 390, height: 844, deviceScaleFactor: 2 },
  { label: '390 px, DPR 3', width: 390, height: 844, deviceScaleFactor: 3 },
  { label: '1280 px, DPR 1', width: 1280, height: 800, deviceScaleFactor: 1 },
  { label: '1280 px, DPR 2', width: 1280, height: 800, deviceScaleFactor: 2 },
];
const VIEWPORTS = sized(ALL_VIEWPORTS, ALL_VIEWPORTS.slice(0, 1));

async function benchPage(photos: Buffer[]): Promise<void> {
  // Read here, not at import: run.ts imports every bench, and the others set their ports before the stack's settings are read.
  const { localConfig } = await import('../../infra/local/config.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-photos-'));
  const started = await startStackProcess({ dataDir, ports: benchPorts(3990), inMemory: true });
  const stack = started.info;
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`, region: localConfig.region, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
  );
  const browser = await launchChromium();
  try {
    // 20 tutors with one last name, each with a photo uploaded as the SPA uploads it.
    const lastName = `Benchphoto${Date.now().toString(36).replace(/[0-9]/g, '')}`;
    const tutors: Array<{ sub: string; id: string; key: string }> = [];
    for (const [index, photo] of photos.entries()) {
      const email = uniqueEmail('tuteur');
      await signUp('tuteur', { email, password: 'Secret-123', firstName: `Tuteur${'abcdefghijklmnopqrst'[index]}`, lastName }, stack);
      const { accessToken } = await signIn(email, 'Secret-123', stack);
      const sub = claimsOf(accessToken).sub;
      const presigned = await api('/api/uploads', { method: 'POST', token: accessToken, body: { purpose: 'profile_photo', content_type: 'image/jpeg', size: photo.length } }, stack);
      const form = new FormData();
      for (const [name, value] of Object.entries(presigned.body.fields as Record<string, string>)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const posted = await fetch(presigned.body.url, { method: 'POST', body: form });
      if (!posted.ok) throw new Error(`upload: ${posted.status}`);
      const saved = await api(
        '/api/me/tutor-profile',
        {
          method: 'PUT',
          token: accessToken,
          body: {
            bio: 'Répétiteur de mathématiques au collège et au lycée.',
            education: 'Licence de Mathématiques',
            experience: '3-5ans',
            teaching_method: '',
            subjects: ['Mathématiques'],
            levels: ['Collège (6e-3e)'],
            location: 'cocody',
            hourly_rate: 4000 + index * 100,
            availability_schedule: [],
            profile_image_key: presigned.body.key,
            diploma_image_keys: [],
          },
        },
        stack,
      );
      if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${saved.text}`);
      tutors.push({ sub: String(sub), id: saved.body.id as string, key: presigned.body.key as string });
    }
    const parent = stack.accounts.find((account) => account.role === 'parent')!;
    const parentToken = (await signIn(parent.email, parent.password, stack)).accessToken;
    /** Waits on state: the search lists the 20 tutors, all with (or all without) variants. */
    const listed = async (withVariants: boolean) => {
      for (let tries = 0; ; tries += 1) {
        const result = (await api(`/api/search/tutors?q=${lastName}&limit=24`, { token: parentToken }, stack)).body as SearchResponse;
        const ready = result.tutors.filter((t) => (t.profile_image_variants?.length ?? 0) > 0).length;
        if (result.total === CARDS && ready === (withVariants ? CARDS : 0)) return;
        if (tries > 240) throw new Error(`search: ${result.total} tutors, ${ready} with variants`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await listed(true);
    const after = new Map<string, PageLoad>();
    for (const viewport of VIEWPORTS) after.set(viewport.label, await loadSearchPage(browser, stack, parent, lastName, viewport));

    // Before: the same tutors with their variants unmarked, so the API answers the originals.
    for (const tutor of tutors) {
      await documents.send(
        new UpdateCommand({ TableName: localConfig.tableName, Key: { pk: `USER#${tutor.sub}`, sk: 'TUTOR_PROFILE' }, UpdateExpression: 'REMOVE photo_variants_of' }),
      );
    }
    await listed(false);
    const before = new Map<string, PageLoad>();
    for (const viewport of VIEWPORTS) before.set(viewport.label, await loadSearchPage(browser, stack, parent, lastName, viewport));

    console.log(`## Images of a search page of ${CARDS} tutor cards (Chromium, every card scrolled into view; goal ≤ ${GOAL_KB} KB)`);
    for (const { label } of VIEWPORTS) {
      const was = before.get(label)!;
      const now = after.get(label)!;
      const picked = Object.entries(now.picked).map(([width, count]) => `${count} × ${width}${width === 'original' ? '' : ' px'}`).join(', ');
      console.log(
        `  ${label.padEnd(15)} before (originals) ${kb(was.bytes).padStart(10)} (${was.images} images) → after ${kb(now.bytes).padStart(8)} (${picked}): ÷${(was.bytes / now.bytes).toFixed(0)}${now.bytes <= GOAL_KB * 1024 ? '' : '  ABOVE THE GOAL'}`,
      );
    }
  } finally {
    await browser.close();
    documents.destroy();
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchPhotos(): Promise<void> {
  const photos = await Promise.all(Array.from({ length: CARDS }, (_, seed) => syntheticPhoto(seed)));
  await benchResize(photos);
  await benchPage(photos);
}
