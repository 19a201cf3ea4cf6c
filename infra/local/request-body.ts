/**
 * The body of a request to one of the local stack's own servers (the mailbox, the WhatsApp double),
 * as text, refused past `limit` characters: they listen on loopback only, but a runaway client must
 * not grow a string without end.
 */
import type http from 'node:http';

export function readTextBody(req: http.IncomingMessage, limit = 1_000_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > limit) reject(new Error('too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
