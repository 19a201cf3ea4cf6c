/**
 * What an operator reads: the real Powertools Logger and Metrics of functions/src/commons, writing
 * to a captured stdout (nothing of Powertools is mocked). A business event comes out as one EMF
 * line (namespace, metric, dimensions, value); every log line of an invocation carries the Lambda
 * context and the request's correlation id, and nothing of it leaks into the next invocation.
 */
import { createHmac } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteDefinition } from '#shared/routes';
import type { ApiEvent } from '#commons/http';
import { captureOutput, jsonLines } from '../support/captured-output.js';
import { stubProfiles } from '../support/profiles-mock.js';

stubProfiles();

type Line = Record<string, any>;
let written: string[] = [];
/** The JSON lines written since the last `captureStdout()`, in order. */
const lines = (): Line[] => jsonLines(written);

/** Captures stdout and stderr (the logger writes warnings and errors there). */
function captureStdout(): void {
  written = [];
  captureOutput(written);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const context = (awsRequestId: string): Context => ({ awsRequestId, functionName: 'kalan-test', functionVersion: '$LATEST', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:eu-west-3:000000000000:function:kalan-test' }) as Context;

let commons: {
  http: typeof import('#commons/http');
  logger: typeof import('#commons/logger');
  metrics: typeof import('#commons/metrics');
  observed: typeof import('#commons/observed');
};

beforeAll(async () => {
  // The unit project silences the logs (POWERTOOLS_LOG_LEVEL=SILENT); this file reads them. Both
  // are read when the modules load: fresh modules, after the environment is set.
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('KALAN_STAGE', 'prod');
  vi.stubEnv('PAYSTACK_SECRET_KEY', 'sk_test_observability');
  vi.resetModules();
  commons = {
    http: await import('#commons/http'),
    logger: await import('#commons/logger'),
    metrics: await import('#commons/metrics'),
    observed: await import('#commons/observed'),
  };
});

describe('business metrics (EMF)', () => {
  it('publishes a business event as one EMF line: namespace Kalan, the metric, service and stage, the count', async () => {
    const handler = commons.observed.observedHandler(async () => {
      commons.metrics.recordBusinessEvent('NeedsAttention');
    });
    captureStdout();
    await handler({}, context('req-emf'));
    const emf = lines().filter((line) => line._aws);
    expect(emf).toHaveLength(1);
    expect(emf[0]!._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'Kalan', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'NeedsAttention', Unit: 'Count' }] },
    ]);
    expect(emf[0]).toMatchObject({ NeedsAttention: 1, service: 'kalan', stage: 'prod' });
  });

  it('publishes nothing, and warns of nothing, when an invocation counted nothing', async () => {
    const handler = commons.observed.observedHandler(async () => 'ok');
    captureStdout();
    await handler({}, context('req-none'));
    expect(lines()).toEqual([]);
  });

  it('counts the business event of a status change (needs_attention, escrow, release, refund), not the others', async () => {
    const handler = commons.observed.observedHandler(async () => {
      for (const action of ['flag_attention', 'confirm_payment', 'release', 'auto_release', 'complete_refund', 'dispute'] as const) {
        commons.metrics.recordTransitionEvent(action);
      }
    });
    captureStdout();
    await handler({}, context('req-transitions'));
    const [emf] = lines().filter((line) => line._aws);
    // Two releases in one invocation: two values, which CloudWatch sums.
    expect(emf).toMatchObject({ NeedsAttention: 1, PaymentEscrowed: 1, EscrowReleased: [1, 1], PaymentRefunded: 1 });
    expect(emf!._aws.CloudWatchMetrics[0].Metrics).toHaveLength(4);
  });

  it('counts a webhook turned away for its signature (401)', async () => {
    const { handler } = await import('../../functions/src/payments/webhook.js');
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'kalan-x' } });
    captureStdout();
    const result = await handler({ headers: { 'x-paystack-signature': createHmac('sha512', 'not-the-key').update(body).digest('hex') }, body, isBase64Encoded: false, requestContext: { requestId: 'req-webhook' } } as never, context('lambda-webhook'));
    expect(result.statusCode).toBe(401);
    const [emf] = lines().filter((line) => line._aws);
    expect(emf).toMatchObject({ WebhookRejected: 1, stage: 'prod' });
    const [warning] = lines().filter((line) => line.level === 'WARN');
    expect(warning).toMatchObject({ correlation_id: 'req-webhook', function_request_id: 'lambda-webhook' });
  });

  it('counts a signed body that is not a Paystack event (400) apart, for its alarm, saying where without the values', async () => {
    const { handler } = await import('../../functions/src/payments/webhook.js');
    const body = JSON.stringify({ event: 'charge.success', data: { id: '9'.repeat(10_000), reference: 'kalan-x' } });
    captureStdout();
    const signature = createHmac('sha512', 'sk_test_observability').update(body).digest('hex');
    const result = await handler({ headers: { 'x-paystack-signature': signature }, body, isBase64Encoded: false, requestContext: { requestId: 'req-odd' } } as never, context('lambda-odd'));
    expect(result.statusCode).toBe(400);
    const [emf] = lines().filter((line) => line._aws);
    expect(emf).toMatchObject({ WebhookEventRefused: 1, stage: 'prod' });
    expect(emf).not.toHaveProperty('WebhookRejected');
    const [warning] = lines().filter((line) => line.level === 'WARN');
    expect(warning).toMatchObject({ correlation_id: 'req-odd', error: 'invalid_event', issues: ['data.id: invalid_format'] });
    expect(JSON.stringify(warning)).not.toContain('9'.repeat(100));
  });
});

describe('logs', () => {
  const route: RouteDefinition = { method: 'POST', path: '/api/test', handler: 'test', auth: 'jwt', roles: ['parent'] };
  const event = (requestId: string): ApiEvent =>
    ({
      headers: {},
      requestContext: { requestId, authorizer: { jwt: { claims: { sub: 'user-1', 'cognito:groups': '[parent]' }, scopes: [] } } },
    }) as unknown as ApiEvent;

  it('carry the Lambda context, the API request id as correlation id, and the transaction once known', async () => {
    const handler = commons.http.apiHandler(route, {}, async () => {
      commons.logger.logger.info('before');
      commons.logger.logTransaction('tx-1');
      commons.logger.logger.info('after');
      return commons.http.ok({});
    });
    captureStdout();
    await handler(event('req-1'), context('lambda-1'));
    const [before, after] = lines();
    expect(before).toMatchObject({ message: 'before', correlation_id: 'req-1', function_request_id: 'lambda-1', function_name: 'kalan-test', service: 'kalan' });
    expect(before).not.toHaveProperty('transaction_id');
    expect(after).toMatchObject({ message: 'after', correlation_id: 'req-1', transaction_id: 'tx-1' });
  });

  it('keep nothing of an invocation for the next one, even one that failed', async () => {
    let fail = true;
    const handler = commons.http.apiHandler(route, {}, async () => {
      if (fail) {
        commons.logger.logTransaction('tx-failed');
        throw new Error('boom');
      }
      commons.logger.logger.info('next');
      return commons.http.ok({});
    });
    captureStdout();
    expect((await handler(event('req-a'), context('lambda-a'))).statusCode).toBe(500);
    fail = false;
    await handler(event('req-b'), context('lambda-b'));
    const [unhandled, next] = lines();
    // The failure's own line has its ids; the next invocation's has its own and no transaction.
    expect(unhandled).toMatchObject({ level: 'ERROR', correlation_id: 'req-a', transaction_id: 'tx-failed' });
    expect(next).toMatchObject({ message: 'next', correlation_id: 'req-b', function_request_id: 'lambda-b' });
    expect(next).not.toHaveProperty('transaction_id');
  });

  it('use the correlation id an escrow Task is given, and start executions with the current one', async () => {
    const handler = commons.observed.observedHandler(
      async () => {
        commons.logger.logger.info('task');
        return commons.logger.currentCorrelationId();
      },
      { correlationIdOf: (event: { correlationId?: string }) => event.correlationId },
    );
    captureStdout();
    expect(await handler({ correlationId: 'req-booking' }, context('lambda-task'))).toBe('req-booking');
    // Without one, the Lambda request id.
    expect(await handler({}, context('lambda-other'))).toBe('lambda-other');
    expect(lines().map((line) => line.correlation_id)).toEqual(['req-booking', 'lambda-other']);
  });
});
