/** Gzip size of the JavaScript the browser actually loads for /auth, measured in Chromium. */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { launchChromium } from '../support/chromium.js';

const dist = path.resolve(import.meta.dirname, '../../web/dist');

export async function benchWebBundle(): Promise<void> {
  const serve = sirv(dist, { single: true });
  const server = http.createServer((req, res) => {
    if (req.url === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          stage: 'bench',
          region: 'eu-west-1',
          userPoolId: 'eu-west-1_bench',
          userPoolClientId: 'bench',
          apiBaseUrl: '',
        }),
      );
      return;
    }
    serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/auth`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    let raw = 0;
    let gzip = 0;
    const rows: string[] = [];
    for (const script of [...scripts].sort()) {
      const content = readFileSync(path.join(dist, script));
      const size = gzipSync(content, { level: 9 }).length;
      raw += content.length;
      gzip += size;
      rows.push(`    ${script}: ${(content.length / 1024).toFixed(1)} KB, ${(size / 1024).toFixed(1)} KB gzip`);
    }
    console.log('## JavaScript loaded for /auth (goal ≤ 200 KB gzip)');
    console.log(rows.join('\n'));
    console.log(`  total: ${(raw / 1024).toFixed(1)} KB minified, ${(gzip / 1024).toFixed(1)} KB gzip, ${scripts.size} files`);
  } finally {
    await browser.close();
    server.close();
  }
}
