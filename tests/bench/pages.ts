/**
 * The pages visitors and search engines read (issue 17), on a local stack of the demo catalogue
 * (the seed): how many pages the sitemap lists (tutor pages, town × subject pages), what a tutor
 * page's HTML weighs (as stored, and brotli- or gzip-compressed as CloudFront and the local router
 * send it) and its time to first byte through the local router (a signed GET of the site bucket
 * behind it, as CloudFront's origin request), cold first then warm; and what a publication of
 * every page costs the indexer.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGES_MANIFEST_KEY } from '../../functions/src/pages/page-keys.js';
import { startStackProcess } from '../support/stack-process.js';
import { sitemapUrls } from '../support/page-html.js';
import { benchPorts, sized } from './sizes.js';

const REQUESTS = sized(50, 5);
/** Tutor pages whose size is measured (the median is printed). */
const SIZED_PAGES = sized(20, 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One GET: the time to the response's first byte (headers) and the bytes of its body as sent. */
function timedGet(url: string, acceptEncoding: string): Promise<{ ttfbMs: number; bytes: number; status: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding }, agent: false }, (response) => {
      const ttfbMs = performance.now() - started;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ttfbMs, bytes, status: response.statusCode ?? 0, encoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function benchPages(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-pages-'));
  const started = await startStackProcess({ dataDir, ports: benchPorts(3990), inMemory: true });
  try {
    const { appUrl, tutorsCreated } = started.info as typeof started.info & { tutorsCreated: number };
    const urls = sitemapUrls(await (await fetch(`${appUrl}/sitemap.xml`)).text());
    const tutorPages = urls.filter((url) => url.startsWith(`${appUrl}/tutors/`));
    const townPages = urls.filter((url) => url.startsWith(`${appUrl}/repetiteurs/`));
    console.log('## Visitor pages (issue 17), demo catalogue');
    console.log(`  sitemap: ${urls.length} pages = ${tutorPages.length} tutor pages (of ${tutorsCreated} seeded tutors) + ${townPages.length} town × subject pages`);
    if (!tutorPages.length) throw new Error('No tutor page in the sitemap');

    // The tutor pages in turn, so that none is served from a warm path of its own.
    const plain = await timedGet(tutorPages[0]!, 'identity');
    const sizes = await Promise.all(
      tutorPages.slice(0, SIZED_PAGES).map(async (url) => ({ plain: (await timedGet(url, 'identity')).bytes, br: (await timedGet(url, 'br')).bytes, gzip: (await timedGet(url, 'gzip')).bytes })),
    );
    console.log(
      `  tutor page HTML (median of ${sizes.length}): ${kb(median(sizes.map((s) => s.plain)))} as stored, ` +
        `${kb(median(sizes.map((s) => s.br)))} brotli, ${kb(median(sizes.map((s) => s.gzip)))} gzip`,
    );
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const answer = await timedGet(tutorPages[i % tutorPages.length]!, 'br');
      if (answer.status !== 200 || answer.encoding !== 'br') throw new Error(`${tutorPages[i % tutorPages.length]}: ${answer.status} ${answer.encoding}`);
      times.push(answer.ttfbMs);
    }
    console.log(`  time to first byte, local router (${REQUESTS} requests, new connection each): first ${plain.ttfbMs.toFixed(1)} ms, median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`);

    // The indexer's side, in this process on the stack's engines: every page written (as after a
    // deploy, the manifest removed), then a run where nothing changed (most stream batches).
    const { ports } = started.info;
    const { localConfig } = await import('../../infra/local/config.js');
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
      SEARCH_BUCKET: localConfig.buckets.searchCatalogue,
      SITE_BUCKET: localConfig.buckets.site,
      SITE_URL: appUrl,
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    const [{ publishPages }, { s3 }, { DeleteObjectCommand }] = await Promise.all([
      import('../../functions/src/pages/publish.js'),
      import('../../functions/src/commons/clients/s3.js'),
      import('@aws-sdk/client-s3'),
    ]);
    await s3.send(new DeleteObjectCommand({ Bucket: localConfig.buckets.searchCatalogue, Key: PAGES_MANIFEST_KEY }));
    let at = performance.now();
    const all = await publishPages();
    const allMs = performance.now() - at;
    at = performance.now();
    const none = await publishPages();
    const noneMs = performance.now() - at;
    console.log(`  publication by the indexer: every page (${all.written} files written) ${allMs.toFixed(0)} ms; nothing changed (${none.written} written) ${noneMs.toFixed(0)} ms`);
  } finally {
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
