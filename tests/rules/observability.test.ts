/**
 * One correlation id from the request through the state machine (issue 11, point 3), on the real
 * local engines: the booking's API request id is the execution's correlation id, which
 * escrow.asl.json hands to every Task, so every line the escrow tasks log for the transaction
 * carries it; the webhook's lines carry the Paystack reference; all carry the transaction id. The
 * local runtime runs these invocations concurrently in one process, each in its own InvokeStore
 * context, as Lambda would in separate containers. A workflow failure publishes `NeedsAttention`.
 */
import { randomUUID } from 'node:crypto';
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/routes';
import { sfn } from '#commons/clients/sfn';
import { logger } from '#commons/logger';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { captureOutput, jsonLines } from '../support/captured-output.js';
import { call, chargeSuccess, newPerson, newTutor, postWebhook, sandbox, transaction, until, untilStatus, untilWaiting } from './harness.js';

type Line = Record<string, any>;
let written: string[] = [];
const lines = (): Line[] => jsonLines(written);

// The rules project silences the logs; this file reads every one of them, down to DEBUG. The
// logger reads its level once, when its module loads (an invocation resets it to that level):
// set before this file's imports load it.
const silent = vi.hoisted(() => {
  const level = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
  return level;
});

beforeAll(() => captureOutput(written));

afterAll(() => {
  vi.restoreAllMocks();
  process.env.POWERTOOLS_LOG_LEVEL = silent;
});

describe('one correlation id from the request through the state machine', () => {
  it('booking request → execution → every escrow task line; the webhook under the Paystack reference; NeedsAttention counted', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const requestId = `req-${randomUUID()}`;
    const route = routes.initializePayment;
    // The booking, as API Gateway passes it on (its request id is the correlation id).
    const result = (await invoke(route.handler, {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: route.path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tutorId: tutor.tutorId, duration: 2, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card' }),
      isBase64Encoded: false,
      requestContext: {
        requestId,
        authorizer: { jwt: { claims: { sub: parent.userId, email: parent.email, 'cognito:groups': '[parent]' }, scopes: [] } },
      },
    })) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode, result.body).toBe(200);
    const id = JSON.parse(String(result.body)).transaction_id as string;
    const reference = `kalan-${id}`;

    // The execution was started with the request's id in its input.
    const { execution_arn: executionArn } = await untilWaiting(id, 'pending');
    const { input } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    expect(JSON.parse(input!)).toMatchObject({ transactionId: id, correlationId: requestId });

    // Paid (webhook: the Paystack reference), then a refund Paystack cannot make: needs_attention.
    expect((await postWebhook(await chargeSuccess(reference))).body?.outcome).toBe('escrowed');
    await untilWaiting(id, 'escrow');
    await sandbox(reference, { refund: 'unavailable' });
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    await untilStatus(id, 'needs_attention');
    // Published when the task's invocation ends, just after its write.
    await until(async () => lines().filter((line) => line._aws && line.NeedsAttention), (emf) => emf.length > 0, 'NeedsAttention publié');

    const ofTransaction = lines().filter((line) => line.transaction_id === id);
    const byFunction = (name: string) => ofTransaction.filter((line) => line.function_name === name);

    const tasks = byFunction('escrow-tasks');
    // Waits recorded (DEBUG write capacity) and the failure itself (ERROR), at least.
    expect(tasks.some((line) => line.level === 'ERROR' && line.message === 'Escrow workflow step failed')).toBe(true);
    expect(tasks.length).toBeGreaterThan(2);
    for (const line of tasks) expect(line, line.message).toMatchObject({ correlation_id: requestId, service: 'kalan' });
    // Every task line is about a transaction, and this one's are under its booking's id.
    expect(lines().filter((line) => line.function_name === 'escrow-tasks' && !line.transaction_id)).toEqual([]);

    const booking = byFunction('payments-initialize');
    expect(booking.length).toBeGreaterThan(0);
    for (const line of booking) expect(line, line.message).toMatchObject({ correlation_id: requestId });

    const webhook = byFunction('payments-webhook');
    expect(webhook.some((line) => line.message === 'Paystack event processed')).toBe(true);
    for (const line of webhook) expect(line, line.message).toMatchObject({ correlation_id: reference });

    // Each line names the invocation it belongs to: the Lambda context is injected everywhere.
    for (const line of ofTransaction) expect(typeof line.function_request_id, line.message).toBe('string');

    const [emf] = lines().filter((line) => line._aws && line.NeedsAttention);
    expect(emf).toMatchObject({ service: 'kalan', stage: 'local', NeedsAttention: 1 });
    expect((await transaction(id)).status).toBe('needs_attention');
  });
});
