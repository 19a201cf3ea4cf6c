/**
 * The real-time channel on the local stack (issue 31), the stack in its own process as `npm start`
 * runs it, the clients here:
 * - connections the local stack holds: N sockets opened on `/ws` (each through the authorizer and
 *   `$connect`, as API Gateway runs them), 50 at a time; time per connection, and the stack
 *   process's resident memory before and after (VmRSS, /proc/<pid>/status);
 * - push latency, p50/p95: from the call to the event at the other socket. `pushToUsers` (what the
 *   messages API calls after its write: the connections' query, PostToConnection through the
 *   management API on the loopback Lambda endpoint, the router's socket); and the send route,
 *   POST /api/conversations/{id}/messages (the parent writes to the demo tutor, published first) → the event at the tutor's socket;
 * - fan-out: one push to a user holding all N sockets, until the last received it.
 * Prints figures; asserts nothing about time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#shared/messaging';
import { startStackProcess } from '../support/stack-process.js';
import { tutorProfileBody } from '../support/tutor-profile-body.js';
import { benchPorts, sized } from './sizes.js';

const PORTS = benchPorts(4040);
const CONNECTION_COUNTS = sized([1000, 5000], [20]);
const CONCURRENT_CONNECTS = 50;
const PUSH_SAMPLES = sized(50, 3);
/** The send route allows MESSAGES_PER_MINUTE per account: at most that many samples from one parent. */
const SEND_SAMPLES = sized(10, 2);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => value.toFixed(1);

/** The stack process's resident memory, in MiB. */
function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

interface Client {
  socket: WebSocket;
  /** Resolves at the first event that matches. */
  next(match: (event: RealtimeEvent) => boolean): Promise<number>;
}

function open(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const waiters = new Set<{ match: (event: RealtimeEvent) => boolean; done: (at: number) => void }>();
    socket.on('message', (data) => {
      const at = performance.now();
      const event = JSON.parse(String(data)) as RealtimeEvent;
      for (const waiter of waiters) {
        if (!waiter.match(event)) continue;
        waiters.delete(waiter);
        waiter.done(at);
      }
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({ socket, next: (match) => new Promise((done) => waiters.add({ match, done })) }),
    );
  });
}

export async function benchRealtime(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-realtime-'));
  const stack = await startStackProcess({ dataDir, ports: PORTS, inMemory: true });
  const clients: Client[] = [];
  try {
    const { info } = stack;
    // pushToUsers runs here, as the messages API runs it: the stack's table and management API.
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${PORTS.dynamodb}`,
      TABLE_NAME: 'kalan-local',
      REALTIME_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${PORTS.lambda}`,
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    const { pushToUsers } = await import('../../functions/src/messages/realtime-push.js');
    const cognito = new CognitoIdentityProviderClient({ endpoint: info.cognitoUrl, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const signIn = async (role: string) => {
      const account = info.accounts.find((a) => a.role === role)!;
      const { AuthenticationResult } = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: info.pool.userPoolClientId, AuthParameters: { USERNAME: account.email, PASSWORD: account.password } }),
      );
      const token = AuthenticationResult!.AccessToken!;
      return { token, sub: String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub) };
    };
    const [parent, tutor] = await Promise.all([signIn('parent'), signIn('tuteur')]);
    const socketUrl = (token: string) => `${info.apiUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;

    console.log('## Connections the local stack holds (each: authorizer + $connect, 50 opened at a time)');
    const baseline = residentMiB(stack.pid);
    console.log(`  stack process before: ${baseline.toFixed(0)} MiB resident`);
    for (const target of CONNECTION_COUNTS) {
      const started = performance.now();
      const perConnect: number[] = [];
      while (clients.length < target) {
        const batch = Math.min(CONCURRENT_CONNECTS, target - clients.length);
        const opened = await Promise.all(
          Array.from({ length: batch }, async () => {
            const at = performance.now();
            const client = await open(socketUrl(parent.token));
            perConnect.push(performance.now() - at);
            return client;
          }),
        );
        clients.push(...opened);
      }
      const elapsed = performance.now() - started;
      const resident = residentMiB(stack.pid);
      console.log(
        `  ${target} open sockets: opened in ${(elapsed / 1000).toFixed(1)} s (${ms(elapsed / perConnect.length)} ms per connection at ${CONCURRENT_CONNECTS} concurrent; ` +
          `one connection p50 ${ms(percentile(perConnect, 50))} ms, p95 ${ms(percentile(perConnect, 95))} ms); ` +
          `stack process ${resident.toFixed(0)} MiB resident (+${(((resident - baseline) * 1024) / target).toFixed(1)} KiB per socket)`,
      );
    }

    console.log(`## Push latency (${clients.length} other sockets open)`);
    const receiver = await open(socketUrl(tutor.token));
    const conversationId = randomUUID().replaceAll('-', '');
    const pushLatencies: number[] = [];
    for (let seq = 1; seq <= PUSH_SAMPLES; seq++) {
      const arrived = receiver.next((event) => event.type === 'message' && event.seq === seq);
      const at = performance.now();
      await pushToUsers([tutor.sub], { type: 'message', conversation_id: conversationId, seq });
      pushLatencies.push((await arrived) - at);
    }
    console.log(
      `  pushToUsers → event at the socket, ${PUSH_SAMPLES} one after the other: p50 ${ms(percentile(pushLatencies, 50))} ms, p95 ${ms(percentile(pushLatencies, 95))} ms`,
    );

    // The send route, when the messages API is there: the parent writes, the tutor's socket hears.
    const api = (route: string, token: string, body: unknown) =>
      fetch(`${info.apiUrl}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The demo tutor has not finished its profile: a parent may only write to a published tutor.
    const published = await fetch(`${info.apiUrl}/api/me/tutor-profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tutor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(tutorProfileBody()),
    });
    const me = published.ok ? ((await published.json()) as { id?: string }) : null;
    const started = me?.id ? await api('/api/conversations', parent.token, { tutor_id: me.id }) : null;
    const conversation = started && started.status < 300 ? ((await started.json()) as { id?: string }) : null;
    if (conversation?.id) {
      const sendLatencies: number[] = [];
      for (let i = 0; i < SEND_SAMPLES; i++) {
        const arrived = receiver.next((event) => event.type === 'message' && event.conversation_id === conversation.id);
        const at = performance.now();
        const sent = await api(`/api/conversations/${conversation.id}/messages`, parent.token, { request_id: randomUUID(), body: `Question ${i + 1} : êtes-vous libre samedi ?` });
        if (sent.status >= 300) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
        sendLatencies.push((await arrived) - at);
      }
      console.log(
        `  API send (POST /api/conversations/{id}/messages) → event at the tutor's socket, ${SEND_SAMPLES} one after the other: ` +
          `p50 ${ms(percentile(sendLatencies, 50))} ms, p95 ${ms(percentile(sendLatencies, 95))} ms`,
      );
    } else {
      throw new Error(`the conversation could not be opened: profile ${published.status}, conversation ${started?.status ?? '—'}`);
    }

    console.log('## Fan-out');
    const fanOutStarted = performance.now();
    const all = clients.map((client) => client.next((event) => event.type === 'read'));
    await pushToUsers([parent.sub], { type: 'read', conversation_id: conversationId, reader: 'tutor', read_seq: 1 });
    const last = Math.max(...(await Promise.all(all)));
    const fanOut = last - fanOutStarted;
    console.log(
      `  one push to a user holding ${clients.length} sockets: the last received it after ${ms(fanOut)} ms ` +
        `(${Math.round((clients.length * 1000) / fanOut)} PostToConnection/s from one caller)`,
    );
    receiver.socket.terminate();
  } finally {
    for (const client of clients) client.socket.terminate();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
