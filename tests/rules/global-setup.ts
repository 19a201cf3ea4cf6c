/**
 * The `rules` project's one external engine: DynamoDB Local (the official engine, Java 17), in
 * memory, on a free port. Everything else (the Paystack sandbox, the local Step Functions runner,
 * the handler modules) runs inside each test file's process — see engines.ts.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../../infra/local/dynamodb.js';
import { localConfig, type LocalConfig } from '../../infra/local/config.js';
import { stopAll } from '../../infra/local/processes.js';
import { freePort } from '../support/free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    rulesDynamodbPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const config: LocalConfig = { ...localConfig, inMemory: true, tableName: 'kalan-rules', ports: { ...localConfig.ports, dynamodb: port } };
  await startDynamoDb(config);
  project.provide('rulesDynamodbPort', port);
  return () => stopAll();
}
