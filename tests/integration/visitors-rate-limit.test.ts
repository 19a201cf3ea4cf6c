/**
 * The visitors' API limited per address by the local router (issue 17, point 1), as the cloud's WAF
 * rule limits it (`RATE_LIMITS.publicApiPerIp` in five minutes; KALAN_PUBLIC_API_RATE_LIMIT moves
 * it): from one address, the limit's worth of requests is served and the next one is refused with
 * 429 and a French message, while another address is still served. Each test sends from an
 * address of its own on the loopback (127.0.0.0/8), so that no other test's calls count.
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { localConfig } from '../../infra/local/config.js';
import { stack } from '../support/stack.js';

/** A loopback address no other test uses. */
const freshAddress = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;

function getFrom(address: string, path: string): Promise<{ status: number; body: any; retryAfter?: string }> {
  const { port } = new URL(stack().appUrl);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress: address, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers['retry-after'] as string | undefined }),
      );
    });
    request.on('error', reject);
  });
}

describe('the visitors API, per address', () => {
  it('serves the limit from one address in the window, refuses the next request with 429 in French, and serves another address', async () => {
    // The same value as the stack's: it inherited this process's environment.
    const limit = localConfig.publicApiRateLimit;
    const address = freshAddress();
    const paths = ['/api/public/tutors?limit=1', '/api/public/tutors/inconnu'];
    const statuses: number[] = [];
    // A few at a time, as a page's calls arrive.
    for (let sent = 0; sent < limit; sent += 10) {
      const batch = Array.from({ length: Math.min(10, limit - sent) }, (_, i) => getFrom(address, paths[(sent + i) % paths.length]!));
      statuses.push(...(await Promise.all(batch)).map((response) => response.status));
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));

    const refused = await getFrom(address, '/api/public/tutors?limit=1');
    expect(refused.status).toBe(429);
    // The API's error shape: the SPA shows its French message.
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: messages.http.tooManyRequests } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Only the visitors' routes are limited; another address is served.
    expect((await getFrom(address, '/api/search/tutors')).status).toBe(401);
    expect((await getFrom(freshAddress(), '/api/public/tutors?limit=1')).status).toBe(200);
  }, 120_000);
});
