import { Duration, Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import { BASE_PREFIX, CATALOGUE_PREFIX, INDEXER_EVENT_PATTERNS } from '../../functions/src/search/catalogue-keys.js';
import type { Api } from './api.js';
import type { Data } from './data.js';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import type { BucketAccess } from './permissions.js';
import { acknowledge, nagId, nagReference } from './nag.js';
import { PrivateBucket } from './private-bucket.js';
import type { Stage } from './stage.js';

export interface SearchProps {
  readonly stage: Stage;
  readonly data: Data;
  /** Built before: Search grants the catalogue and Bedrock to the API's functions whose row declares them. */
  readonly api: Api;
}

/**
 * Tutor search without a table Scan per search: the table's stream feeds an indexer that keeps a
 * compact catalogue snapshot in a private bucket; the search and recommendation Lambdas load it
 * into memory and reload it when its ETag changes. Bedrock re-ranks recommendations with the
 * stage's model.
 */
export class Search extends Construct {
  readonly catalogue: PrivateBucket;
  readonly indexer: KalanFunction;
  readonly deadLetters: Queue;
  private readonly bedrockModelId: string | null | undefined;

  constructor(scope: Construct, id: string, props: SearchProps) {
    super(scope, id);
    const { stage, data } = props;
    const table: Table = data.table;

    this.catalogue = new PrivateBucket(this, 'Catalogue', {
      stage,
      accessLogs: { bucket: data.accessLogs, prefix: 's3/search-catalogue/' },
    });

    // Reads only (infra/lib/permissions.ts): the tutors of the changed items and, to rebuild, the published tutors' index.
    this.indexer = new KalanFunction(this, 'Indexer', { handlerModule: eventHandlers.searchIndexer, table, stage });

    // Batches that still fail after the retries land here instead of blocking the shard.
    this.deadLetters = new Queue(this, 'IndexerDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetters, 'This queue is itself the dead-letter destination of the stream indexer.', 'AwsSolutions-SQS3');
    this.indexer.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: false,
        onFailure: new SqsDlq(this.deadLetters),
        // Tutors only (catalogue-keys.ts): a parent's or a company's edit never wakes the indexer.
        filters: INDEXER_EVENT_PATTERNS.map((pattern) => FilterCriteria.filter(structuredClone(pattern) as Record<string, unknown>)),
      }),
    );
    this.indexer.markGranted('tableStream');
    acknowledge(
      this.indexer,
      'dynamodb:ListStreams has no resource-level permissions; the stream read itself is limited to this table’s stream.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.indexer,
      "The event source grant covers the table's stream, whose ARN ends with a creation timestamp.",
      `AwsSolutions-IAM5[Resource::${nagReference(table, 'StreamArn')}]`,
    );

    this.bedrockModelId = stage.bedrockModelId;
    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
  }

  /**
   * What the function's row of infra/lib/permissions.ts declares here: the catalogue snapshot and
   * Bedrock. Done for every function built before Search; call it for one built after.
   */
  grantDeclared(fn: KalanFunction): void {
    const { buckets, bedrock } = fn.permissions;
    if (buckets?.catalogue) this.grantSnapshot(fn, buckets.catalogue);
    // The stage's model (infra/stages.ts, a default there); null turns Bedrock off, and grants nothing.
    if (bedrock) {
      if (this.bedrockModelId) this.enableBedrock(fn, this.bedrockModelId);
      fn.markGranted('bedrock');
    }
  }

  /**
   * The catalogue's objects (the journal and the prepared bases); deleting, only old bases.
   * ListBucket so that a missing object is a 404, not a 403 (and the indexer lists old bases).
   */
  private grantSnapshot(fn: KalanFunction, access: readonly BucketAccess[]): void {
    fn.addEnvironment('SEARCH_BUCKET', this.catalogue.bucketName);
    const actions = access.flatMap((a) => (a === 'read' ? ['s3:GetObject'] : a === 'write' ? ['s3:PutObject'] : []));
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.catalogue.arnForObjects(`${CATALOGUE_PREFIX}*`)] }));
    if (access.includes('delete')) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.catalogue.arnForObjects(`${BASE_PREFIX}*`)] }));
    }
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.catalogue.bucketArn] }));
    acknowledge(
      fn,
      'The catalogue is a journal and prepared bases named by build: its prefix, not one object.',
      `AwsSolutions-IAM5[Resource::${nagReference(this.catalogue, 'Arn', fn)}/${CATALOGUE_PREFIX}*]`,
      `AwsSolutions-IAM5[Resource::${nagReference(this.catalogue, 'Arn', fn)}/${BASE_PREFIX}*]`,
    );
    fn.markGranted('buckets.catalogue');
  }

  /**
   * Converse on the configured model. A cross-region inference profile (`eu.…`) routes to the
   * foundation model in any region of its geography, hence the region wildcard on that model.
   */
  private enableBedrock(fn: KalanFunction, modelId: string): void {
    const { partition, region, account } = Stack.of(this);
    const foundationModel = modelId.replace(/^(us|eu|apac|us-gov|global)\./, '');
    fn.addEnvironment('BEDROCK_MODEL_ID', modelId);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [
          `arn:${partition}:bedrock:*::foundation-model/${foundationModel}`,
          `arn:${partition}:bedrock:${region}:${account}:inference-profile/${modelId}`,
        ],
      }),
    );
    acknowledge(
      fn,
      'Cross-region inference profiles serve the one configured model from any region of their geography.',
      nagId(fn, `AwsSolutions-IAM5[Resource::arn:{partition}:bedrock:*::foundation-model/${foundationModel}]`),
    );
  }
}
