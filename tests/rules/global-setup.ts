/**
 * The `rules` project's one external engine: DynamoDB Local (the official engine, Java 17), in
 * memory, on a free port. Everything else (the Paystack sandbox, the local Step Functions runner,
 * the handler modules) runs inside each test file's process — see engines.ts.
 */
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../../infra/local/dynamodb.js';
import { localConfig, type LocalConfig } from '../../infra/local/config.js';
import { stopAll } from '../../infra/local/processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    rulesDynamodbPort: number;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const config: LocalConfig = { ...localConfig, inMemory: true, tableName: 'kalan-rules', ports: { ...localConfig.ports, dynamodb: port } };
  await startDynamoDb(config);
  project.provide('rulesDynamodbPort', port);
  return () => stopAll();
}
