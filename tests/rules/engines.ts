/**
 * Set-up of every `rules` test file, run in the file's own process before it imports anything:
 * a table of its own on the shared DynamoDB Local, the Paystack sandbox and the local Step
 * Functions runner (the escrow definition CDK deploys) on free ports, and the standard AWS SDK
 * variables that point the production handler modules at them. The handlers are then imported in
 * this same process (through the local Lambda runtime, as the router and the runner do).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type net from 'node:net';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, inject } from 'vitest';
import { awsEnvironment, localConfig, type LocalConfig } from '../../infra/local/config.js';
import { ensureTable, localDynamoClient } from '../../infra/local/dynamodb.js';
import { createPaystackSandbox } from '../../infra/local/paystack-sandbox.js';
import { startS3 } from '../../infra/local/s3.js';
import { createLocalStepFunctions, type LocalStepFunctions } from '../../infra/local/stepfunctions.js';

function listen(server: http.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const tableName = `kalan-rules-${randomBytes(4).toString('hex')}`;
export const config = {
  ...localConfig,
  inMemory: true,
  tableName,
  dataDir: mkdtempSync(path.join(tmpdir(), 'kalan-rules-')),
  ports: { ...localConfig.ports, dynamodb: inject('rulesDynamodbPort'), s3: 0 },
} satisfies LocalConfig;

export const paystackSecret = `sk_test_rules_${randomBytes(16).toString('hex')}`;

const s3 = await startS3(config);
config.ports.s3 = s3.port;

const sandbox = createPaystackSandbox(config, paystackSecret);
config.ports.paystack = await listen(sandbox.server);

let runner: LocalStepFunctions = await createLocalStepFunctions(config);
/** Every Step Functions call the handlers made (the action, e.g. 'SendTaskSuccess', and when). */
export const sfnCalls: Array<{ action: string; at: number }> = [];
// The address the handlers know stays up across restarts; requests go to the current runner.
const sfnFrontDoor = http.createServer((req, res) => {
  sfnCalls.push({ action: String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '', at: Date.now() });
  runner.server.emit('request', req, res);
});
config.ports.sfn = await listen(sfnFrontDoor);

Object.assign(process.env, awsEnvironment(config), {
  PAYSTACK_SECRET_KEY: paystackSecret,
  USER_POOL_ID: 'kalan-rules',
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
});
await ensureTable(localDynamoClient(config), tableName);

/**
 * No Cognito here: calls arrive with the claims API Gateway's JWT authorizer would pass (harness.ts).
 * The admin's second-factor check also asks Cognito whether TOTP is on (AdminGetUser); it gets
 * what Cognito answers for an enrolled admin. The check itself, against cognito-local, is
 * tests/integration/admin-second-factor.test.ts.
 */
mockClient(CognitoIdentityProviderClient)
  .on(AdminGetUserCommand)
  .resolves({ Username: 'admin', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

/**
 * Stops the Step Functions runner as a crash would (every execution in memory is lost) and starts
 * a new one, which resumes the workflow of every transaction not final — what `npm start` does
 * after a restart. Restarts asked at the same moment happen one after the other.
 * `resume: false` starts the new runner without resuming anything (what the reconciler repairs).
 */
let restarting = Promise.resolve(0);
export function restartRunner(options: { resume?: boolean } = {}): Promise<number> {
  restarting = restarting.then(async () => {
    runner.stop();
    runner = await createLocalStepFunctions(config);
    return options.resume === false ? 0 : runner.resumeInFlight();
  });
  return restarting;
}

afterAll(async () => {
  runner.stop();
  sandbox.stop();
  await Promise.all([close(sfnFrontDoor), close(sandbox.server), s3.close()]);
  rmSync(config.dataDir, { recursive: true, force: true });
});
