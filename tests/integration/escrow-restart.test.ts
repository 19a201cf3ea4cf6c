/**
 * "On local restart, in-flight transactions resume": a stack of its own, with data on disk,
 * is stopped while a paid transaction waits in escrow and started again; the workflow comes back
 * (it records a new task token) and the parent's release still completes it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmFromMailbox } from '../support/stack.js';
import { portsFrom, startStackProcess, type StackProcess } from '../support/stack-process.js';
import { eventually, expectBalanced, partition, postAs, seededTutor } from './payments-helpers.js';

const ports = portsFrom(Number(process.env.KALAN_TEST_PORT_BASE ?? 3100) + 40);
const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-restart-'));
let running: StackProcess | undefined;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const transaction = async (id: string) => (await partition(id, running!.info)).find((item) => item.sk === 'TRANSACTION');

async function parentToken(email: string, password: string, signUp: boolean): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${ports.cognito}`,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const clientId = running!.info.pool.userPoolClientId;
  if (signUp) {
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Akissi' },
          { Name: 'family_name', Value: 'Yapi' },
          { Name: 'custom:role', Value: 'parent' },
        ],
      }),
    );
    await confirmFromMailbox(email, running!.info);
  }
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.AccessToken!;
}

const call = (pathname: string, token: string, body: unknown) => postAs(ports.app, pathname, token, body);

describe('local restart', () => {
  it('resumes the workflow of a transaction held in escrow, which the parent can then release', async () => {
    running = await startStackProcess({ dataDir, ports, inMemory: false });
    const email = `restart-${randomUUID().slice(0, 8)}@test.kalan.ci`;
    let token = await parentToken(email, 'Secret-123', true);
    const tutor = seededTutor(3);
    const booking = await call('/api/payments', token, {
      tutorId: tutor.id,
      duration: 2,
      subject: tutor.subject,
      level: tutor.level,
      paymentMethod: 'card',
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    const id = booking.body.transaction_id as string;
    const checkout = String(booking.body.authorization_url).replace('http://localhost', 'http://127.0.0.1');
    expect((await fetch(`${checkout}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);

    const held = await eventually(
      () => transaction(id),
      (tx) => tx?.status === 'escrow' && tx.task_status === 'escrow' && Boolean(tx.task_token),
      20_000,
    );
    expect(held?.status).toBe('escrow');
    const tokenBefore = held!.task_token as string;

    await running.stop();
    running = await startStackProcess({ dataDir, ports, inMemory: false });

    // The resumed execution waits for the decision again, under a new task token.
    const resumed = await eventually(
      () => transaction(id),
      (tx) => Boolean(tx?.task_token) && tx!.task_token !== tokenBefore && tx!.task_status === 'escrow',
      20_000,
    );
    expect(resumed?.task_token).not.toBe(tokenBefore);
    expect(resumed?.status).toBe('escrow');

    token = await parentToken(email, 'Secret-123', false);
    const release = await call(`/api/transactions/${id}/escrow`, token, { action: 'release' });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    const released = await eventually(() => transaction(id), (tx) => tx?.status === 'released', 20_000);
    expect(released?.status).toBe('released');
    expectBalanced((await partition(id, running!.info)).filter((item) => String(item.sk).startsWith('LEDGER#')));
  }, 180_000);
});
