/**
 * The local server sends the SPA as CloudFront does in the cloud (issue 10, item 12): compressed
 * (brotli or gzip, made at build time, as the browser accepts), content-hashed assets cached for a
 * year without revalidation, index.html and the client-side routes revalidated on every load.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/stack.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decompress it). */
function get(path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, stack().appUrl), { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The entry script index.html names (content-hashed, under /assets/). */
async function entryScript(): Promise<string> {
  const html = (await get('/')).body.toString('utf8');
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, html).toBeDefined();
  return src!;
}

describe('the SPA as the local server sends it', () => {
  it('sends a hashed script brotli-compressed to a browser that accepts it, gzip to one that only takes gzip, plain otherwise', async () => {
    const script = await entryScript();
    const plain = await get(script);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);

    const br = await get(script, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gz = await get(script, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('caches hashed assets for a year without revalidation, and revalidates index.html and the routes', async () => {
    const script = await entryScript();
    expect((await get(script, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An unpublished tutor page's path is the SPA, in place (a published one: visitor-pages.test.ts).
    for (const path of ['/', '/index.html', '/auth', '/search', '/tutors/8f14e45f']) {
      const page = await get(path, 'br');
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(page.body).toString('utf8'), path).toContain('<div id="root">');
    }
    expect((await get('/config.json')).headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a missing asset instead of index.html (never cached for a year)', async () => {
    const missing = await get('/assets/introuvable-0000.js', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });
});
