/**
 * The real-time channel on the local stack (issue 31): the router's `/ws` speaks API Gateway's
 * WebSocket protocol with the same authorizer and socket handler modules as the cloud, and the
 * handlers push through the management API (PostToConnection), answered by the loopback Lambda
 * endpoint. `pushToUsers` runs here, in the test process, exactly as the messages API calls it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#shared/messaging';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { db } from './payments-helpers.js';
import { eventually, useStackEnvironment } from './search-support.js';

/** A socket of the test, with the events it received in order. */
interface TestSocket {
  socket: WebSocket;
  events: RealtimeEvent[];
  /** Resolves with the next event that satisfies `match` (one already received included). */
  next(match: (event: RealtimeEvent) => boolean): Promise<RealtimeEvent>;
  closed: Promise<void>;
}

function socketUrl(token: string | undefined): string {
  const base = stack().apiUrl.replace(/^http/, 'ws');
  return token === undefined ? `${base}/ws` : `${base}/ws?token=${encodeURIComponent(token)}`;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
function connect(token: string | undefined): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(token));
    const events: RealtimeEvent[] = [];
    const waiters: Array<{ match: (event: RealtimeEvent) => boolean; resolve: (event: RealtimeEvent) => void }> = [];
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as RealtimeEvent;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode }));
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () => {
      onTestFinished(() => socket.terminate());
      resolve({
        socket,
        events,
        closed,
        next: (match) => {
          const seen = events.find(match);
          return seen ? Promise.resolve(seen) : new Promise((found) => waiters.push({ match, resolve: found }));
        },
      });
    });
  });
}

async function refusal(token: string | undefined): Promise<number> {
  const error = await connect(token).then(
    () => {
      throw new Error('the socket was accepted');
    },
    (reason: { status?: number }) => reason,
  );
  return error.status ?? 0;
}

/** Re-signs a real access token's claims with cognito-local's own key (same kid, issuer, client). */
async function resign(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
  const keyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: JWK };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(change({ ...decodeJwt(token) })).setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(token).kid! }).sign(key);
}

async function connectionItem(connectionId: string) {
  const { Item } = await db().send(new GetCommand({ TableName: 'kalan-local', Key: { pk: `WSCONN#${connectionId}`, sk: 'CONNECTION' }, ConsistentRead: true }));
  return Item;
}

const pushed = (seq: number) => (event: RealtimeEvent) => event.type === 'message' && event.seq === seq;

let connections: typeof import('../../functions/src/messages/connections.js');
let push: typeof import('../../functions/src/messages/realtime-push.js');
let parent: TestUser;
let tutor: TestUser;

beforeAll(async () => {
  useStackEnvironment({ REALTIME_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${stack().ports.lambda}` });
  connections = await import('../../functions/src/messages/connections.js');
  push = await import('../../functions/src/messages/realtime-push.js');
  [parent, tutor] = await Promise.all([newUser('parent'), newUser('tuteur')]);
});

describe('connecting to /ws', () => {
  it('refuses a connection without a token, with a malformed one, or with one not signed by the pool', async () => {
    expect(await refusal(undefined)).toBe(403);
    expect(await refusal('pas-un-jeton')).toBe(403);
    const forged = await new SignJWT({ ...decodeJwt(parent.accessToken) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('une clé que le pool ne connaît pas'));
    expect(await refusal(forged)).toBe(403);
  });

  it("refuses an expired token, an id token, and another app client's token, and accepts the same claims re-signed as they are", async () => {
    // The control: the pool's key, the token's own claims — accepted, so each refusal below is about the one claim changed.
    const same = await connect(await resign(parent.accessToken, (claims) => claims));
    same.socket.close();
    const past = Math.floor(Date.now() / 1000) - 60;
    expect(await refusal(await resign(parent.accessToken, (claims) => ({ ...claims, exp: past, iat: past - 3600 })))).toBe(403);
    expect(await refusal(parent.idToken)).toBe(403);
    expect(await refusal(await resign(parent.accessToken, (claims) => ({ ...claims, client_id: 'another-client' })))).toBe(403);
  });

  it('stores an accepted connection under its user, answers a ping with a pong, and deletes the connection when the socket closes', async () => {
    const socket = await connect(parent.accessToken);
    const [connectionId] = await eventually(async () => {
      const ids = await connections.connectionsOf(parent.sub);
      expect(ids).toHaveLength(1);
      return ids;
    });
    expect(await connectionItem(connectionId!)).toMatchObject({ user_id: parent.sub, gsi1pk: `SOCKETS#${parent.sub}` });
    // Anything but a ping is ignored; the ping is answered.
    socket.socket.send('bonjour');
    socket.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await socket.next((event) => event.type === 'pong')).toEqual({ type: 'pong' });
    expect(socket.events).toEqual([{ type: 'pong' }]);

    socket.socket.close();
    await socket.closed;
    await eventually(async () => expect(await connectionItem(connectionId!)).toBeUndefined());
  });

  it("refuses a deleted account's token, though it is still valid", async () => {
    const leaving = await newUser('parent');
    (await connect(leaving.accessToken)).socket.close();
    expect((await api('/api/me', { method: 'DELETE', token: leaving.accessToken })).status).toBe(204);
    expect(await refusal(leaving.accessToken)).toBe(403);
  });
});

describe('pushToUsers', () => {
  it("reaches every connection of the users named, and none of another user's", async () => {
    const [phone, laptop, tutorTab] = await Promise.all([connect(parent.accessToken), connect(parent.accessToken), connect(tutor.accessToken)]);
    const other = await newUser('parent');
    const otherTab = await connect(other.accessToken);
    await eventually(async () => expect(await connections.connectionsOf(parent.sub)).toHaveLength(2));

    const conversation_id = randomUUID().replaceAll('-', '');
    await push.pushToUsers([parent.sub], { type: 'message', conversation_id, seq: 1 });
    expect(await phone.next(pushed(1))).toEqual({ type: 'message', conversation_id, seq: 1 });
    expect(await laptop.next(pushed(1))).toEqual({ type: 'message', conversation_id, seq: 1 });

    // Both sides of a conversation: the tutor gets seq 2; the other parent, named in neither push, gets nothing.
    await push.pushToUsers([tutor.sub, parent.sub], { type: 'message', conversation_id, seq: 2 });
    expect(await tutorTab.next(pushed(2))).toEqual({ type: 'message', conversation_id, seq: 2 });
    await phone.next(pushed(2));
    // The other parent's socket is alive (it answers its ping after the pushes) and got only its pong.
    otherTab.socket.send(JSON.stringify({ action: 'ping' }));
    await otherTab.next((event) => event.type === 'pong');
    expect(otherTab.events).toEqual([{ type: 'pong' }]);
    expect(tutorTab.events).toEqual([{ type: 'message', conversation_id, seq: 2 }]);
  });

  it("deletes a connection the API no longer knows (410 Gone) at the next push, and still reaches the user's live ones", async () => {
    const live = await connect(tutor.accessToken);
    await eventually(async () => expect((await connections.connectionsOf(tutor.sub)).length).toBeGreaterThan(0));
    // What a $disconnect that never reached us leaves: an item whose socket is gone.
    const lost = `lost-${randomUUID()}`;
    await connections.saveConnection(lost, tutor.sub);
    expect(await connections.connectionsOf(tutor.sub)).toContain(lost);

    await push.pushToUsers([tutor.sub], { type: 'read', conversation_id: 'c'.repeat(32), reader: 'parent', read_seq: 7 });
    expect(await live.next((event) => event.type === 'read')).toMatchObject({ read_seq: 7 });
    expect(await connectionItem(lost)).toBeUndefined();
    expect(await connections.connectionsOf(tutor.sub)).not.toContain(lost);
  });

  it('never throws, even when the management API cannot be reached', async () => {
    const lost = `lost-${randomUUID()}`;
    await connections.saveConnection(lost, parent.sub);
    const before = process.env.REALTIME_MANAGEMENT_ENDPOINT;
    // A fresh module: its client reads the (broken) endpoint on first use.
    const { vi } = await import('vitest');
    vi.resetModules();
    process.env.REALTIME_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
    try {
      const broken = await import('../../functions/src/messages/realtime-push.js');
      await expect(broken.pushToUsers([parent.sub], { type: 'message', conversation_id: 'c'.repeat(32), seq: 1 })).resolves.toBeUndefined();
    } finally {
      process.env.REALTIME_MANAGEMENT_ENDPOINT = before;
      await connections.deleteConnection(lost);
    }
  });
});

describe('the management API', () => {
  it('answers 410 GoneException for an unknown connection, as API Gateway does, and only on the loopback Lambda endpoint', async () => {
    const management = `http://127.0.0.1:${stack().ports.lambda}/@connections/inconnue`;
    const gone = await fetch(management, { method: 'POST', body: '{}' });
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-amzn-errortype')).toBe('GoneException');
    // The app's port never answers it: whoever reached it could write to anyone's socket.
    const appPort = await fetch(`${stack().apiUrl}/@connections/inconnue`, { method: 'POST', body: '{}' });
    expect(appPort.status).toBe(404);
  });

  it('describes a live connection and closes it on DELETE (its $disconnect deletes its item)', async () => {
    const socket = await connect(parent.accessToken);
    const ids = await eventually(async () => {
      const found = await connections.connectionsOf(parent.sub);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    const described = await Promise.all(ids.map((id) => fetch(`http://127.0.0.1:${stack().ports.lambda}/@connections/${id}`).then((r) => r.status)));
    expect(described).toContain(200);
    for (const id of ids) await fetch(`http://127.0.0.1:${stack().ports.lambda}/@connections/${id}`, { method: 'DELETE' });
    await socket.closed;
    await eventually(async () => expect(await connections.connectionsOf(parent.sub)).toEqual([]));
  });
});
