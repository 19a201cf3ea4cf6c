import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledge, nagReference } from './nag.js';
import { handlerEntry, LOCK_FILE, REPO_ROOT } from './paths.js';
import type { Stage } from './stage.js';

/** What a function may do with the table; least privilege per function. */
export type TableAccess = 'read-write' | 'write' | 'none';

export interface KalanFunctionProps {
  /** Module of `functions/src` without extension, as in the route table: `auth/get-me`. */
  readonly handlerModule: string;
  readonly table: ITable;
  readonly stage: Stage;
  /** @default 'read-write' */
  readonly tableAccess?: TableAccess;
}

/**
 * Every Kalan Lambda: the one place for runtime, bundling, logging and the table wiring,
 * so an API handler and a Cognito trigger are built the same way.
 */
export class KalanFunction extends NodejsFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: KalanFunctionProps) {
    // An explicit log group, so retention applies without the LogRetention custom resource.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.removalPolicy,
    });
    super(scope, id, {
      entry: handlerEntry(props.handlerModule),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        POWERTOOLS_SERVICE_NAME: 'kalan',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer ESM builds of dependencies; fall back to CommonJS ones.
        mainFields: ['module', 'main'],
        // CommonJS dependencies bundled into ESM still call `require` (e.g. for node: built-ins).
        banner: "import { createRequire as __kalanCreateRequire } from 'node:module'; const require = __kalanCreateRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        // Ship the SDK versions pinned in package-lock.json, not whatever the runtime carries.
        bundleAwsSDK: true,
      },
    });
    this.handlerModule = props.handlerModule;
    grantTableAccess(this, props.table, props.tableAccess ?? 'read-write');
    acknowledge(this, 'The architecture fixes the Node 22 runtime for every function.', 'AwsSolutions-L1');
  }
}

function grantTableAccess(fn: NodejsFunction, table: ITable, access: TableAccess): void {
  if (access === 'none') return;
  if (access === 'read-write') table.grantReadWriteData(fn);
  if (access === 'write') table.grantWriteData(fn);
  acknowledge(
    fn,
    "The grant covers the table's own secondary indexes (gsi1, gsi2), part of the single-table design.",
    `AwsSolutions-IAM5[Resource::${nagReference(table)}/index/*]`,
  );
}
