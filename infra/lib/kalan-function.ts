import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledge } from './nag.js';
import { handlerEntry, LOCK_FILE, REPO_ROOT } from './paths.js';
import { rootStackOf } from './stacks.js';
import {
  type IndexName,
  LEDGER_ATTRIBUTES,
  type Permissions,
  permissionsOf,
  TABLE_ACTIONS,
  type TableAction,
  type TableRights,
  writesTransactions,
} from './permissions.js';
import type { Stage } from './stage.js';

export interface KalanFunctionProps {
  /** Module of `functions/src` without extension, as in the route table: `auth/get-me`. */
  readonly handlerModule: string;
  readonly table: ITable;
  readonly stage: Stage;
}

/**
 * The functions that hold the search catalogue in memory get more than the default 512 MB (and the
 * CPU that comes with it): at 100 000 tutors the loaded index holds ≈ 100 MB and a rebuild or a
 * compaction peaks at ≈ 530 MB of heap and builds for ≈ 7 s (`npm run bench -- search indexer`).
 */
/** The module that stands in for the SDK's default credential chain in a bundle. */
const ENV_CREDENTIALS = path.join(REPO_ROOT, 'functions/src/commons/clients/env-credentials.ts');

export const FUNCTION_SIZING: Readonly<Record<string, { memorySize: number; timeout: Duration }>> = {
  'search/index-catalogue': { memorySize: 1769, timeout: Duration.minutes(5) },
  'search/search-tutors': { memorySize: 1024, timeout: Duration.seconds(10) },
  'recommendations/recommend-tutors': { memorySize: 1024, timeout: Duration.seconds(10) },
  // libvips decodes a phone photo (≤ 5 MB, ≈ 12 megapixels) and encodes five small WebP files and a
  // 600 px JPEG. The photos' migration (photos/backfill.ts) starts no photo after 15 s of a call.
  'photos/resize-photo': { memorySize: 1024, timeout: Duration.seconds(30) },
  // A batch of up to 25 changes, each a few reads and writes and an e-mail (SES answers in ~100 ms).
  'notifications/notify': { memorySize: 512, timeout: Duration.seconds(60) },
  // A provider's calls (CinetPay: login, contact, send or status; each with its own time-out),
  // inside the workflow Task's 30 s: the function times out first, and the Task retries it.
  'payouts/tasks': { memorySize: 512, timeout: Duration.seconds(25) },
  // Every payout left requested, sent or needing attention, each read back from its provider.
  'payouts/reconcile': { memorySize: 512, timeout: Duration.minutes(2) },
};

/**
 * Native modules, shipped beside the bundle instead of inside it: `sharp`'s prebuilt libvips
 * binaries. CDK installs them with `npm ci` from package-lock.json in the asset folder, on the
 * machine that synthesizes (no Docker); npm's os/cpu/libc settings make it install the binaries of
 * the Lambda's platform (Linux, glibc, ARM64), whatever the machine's own.
 */
const LAMBDA_PLATFORM = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' };
export const FUNCTION_NODE_MODULES: Readonly<Record<string, Pick<BundlingOptions, 'nodeModules' | 'environment'>>> = {
  'photos/resize-photo': { nodeModules: ['sharp'], environment: LAMBDA_PLATFORM },
};

/** What, besides the table, a row of infra/lib/permissions.ts may declare; granted by the resource's construct. */
export type GrantedRight =
  | Exclude<keyof Permissions, 'table' | 'ledger' | 'buckets'>
  | `buckets.${keyof NonNullable<Permissions['buckets']>}`;

function declaredRights(permissions: Permissions): GrantedRight[] {
  const { table: _table, ledger: _ledger, buckets, ...others } = permissions;
  return [
    ...(Object.keys(others) as GrantedRight[]),
    ...Object.keys(buckets ?? {}).map((bucket) => `buckets.${bucket}` as GrantedRight),
  ];
}

/**
 * Every Kalan Lambda: the one place for runtime, bundling, logging and the table wiring,
 * so an API handler and a Cognito trigger are built the same way.
 */
export class KalanFunction extends NodejsFunction {
  readonly handlerModule: string;
  /** Its row of infra/lib/permissions.ts. */
  readonly permissions: Permissions;
  private readonly granted: Set<GrantedRight>;

  constructor(scope: Construct, id: string, props: KalanFunctionProps) {
    // First, so a module without a row stops synthesis before anything is built for it.
    const permissions = permissionsOf(props.handlerModule);
    const logGroup = functionLogGroup(scope, props.stage);
    super(scope, id, {
      entry: handlerEntry(props.handlerModule),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      ...FUNCTION_SIZING[props.handlerModule],
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
        // The map only has to turn a stack trace's positions into files and lines
        // (--enable-source-maps): without the sources' text it is ≈ 0.8 MB instead of ≈ 2.5 MB.
        sourcesContent: false,
        // Ship the SDK versions pinned in package-lock.json, not whatever the runtime carries.
        bundleAwsSDK: true,
        // Credentials come from Lambda's environment: the SDK's whole default chain is left out.
        esbuildArgs: { '--alias:@aws-sdk/credential-provider-node': ENV_CREDENTIALS },
        ...FUNCTION_NODE_MODULES[props.handlerModule],
      },
    });
    this.handlerModule = props.handlerModule;
    this.permissions = permissions;
    this.granted = new Set();
    for (const statement of tableStatements(props.table, permissions)) this.addToRolePolicy(statement);
    acknowledge(this, 'The architecture fixes the Node 22 runtime for every function.', 'AwsSolutions-L1');
    // Fail closed the other way too: a right of the row that no construct granted is a mistake.
    this.node.addValidation({
      validate: () =>
        declaredRights(permissions)
          .filter((right) => !this.granted.has(right))
          .map(
            (right) =>
              `${props.handlerModule} declares '${right}' in infra/lib/permissions.ts but no construct granted it ` +
              "(build the function before the construct owning the resource, or call that construct's grantDeclared)",
          ),
    });
  }

  /** Records that the construct owning a resource granted the row's right on it. */
  markGranted(right: GrantedRight): void {
    this.granted.add(right);
  }
}

/**
 * The row's table rights as IAM statements: one per set of partition patterns, each action on the
 * table (or the index) only, with the patterns as a `dynamodb:LeadingKeys` condition. The `Null`
 * check refuses a request without keys (a Scan): `ForAllValues` alone is true on an absent key.
 */
export function tableStatements(table: ITable, permissions: Permissions): PolicyStatement[] {
  const rights: TableRights = permissions.table ?? {};
  const statements: PolicyStatement[] = [];
  const byPatterns = new Map<string, { patterns: readonly string[]; actions: string[] }>();
  for (const action of Object.keys(TABLE_ACTIONS) as TableAction[]) {
    const patterns = rights[action];
    if (!patterns?.length) continue;
    const key = [...patterns].sort().join(' ');
    const group = byPatterns.get(key) ?? { patterns: [...patterns].sort(), actions: [] };
    group.actions.push(TABLE_ACTIONS[action]);
    byPatterns.set(key, group);
  }
  for (const { patterns, actions } of byPatterns.values()) {
    statements.push(new PolicyStatement({ actions, resources: [table.tableArn], conditions: leadingKeys(patterns) }));
  }
  for (const index of ['gsi1', 'gsi2', 'gsi3'] as IndexName[]) {
    const patterns = rights[index];
    if (!patterns?.length) continue;
    statements.push(
      new PolicyStatement({
        actions: [TABLE_ACTIONS.query],
        resources: [`${table.tableArn}/index/${index}`],
        conditions: leadingKeys([...patterns].sort()),
      }),
    );
  }
  // A Scan names no key: it is the whole table or nothing (the admin counters' one-off recount).
  if (rights.scan) statements.push(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [table.tableArn] }));
  if (!permissions.ledger && writesTransactions(permissions)) {
    // Ledger lines share the transaction's partition: refuse any write that names a ledger attribute.
    statements.push(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: [TABLE_ACTIONS.put, TABLE_ACTIONS.update, TABLE_ACTIONS.batchWrite],
        resources: [table.tableArn],
        conditions: { 'ForAnyValue:StringEquals': { 'dynamodb:Attributes': [...LEDGER_ATTRIBUTES] } },
      }),
    );
  }
  return statements;
}

function leadingKeys(patterns: readonly string[]): Record<string, Record<string, unknown>> {
  return {
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
    Null: { 'dynamodb:LeadingKeys': 'false' },
  };
}

/** The construct id, at the stage's stack's root, of the log group every Kalan function of the stage writes to. */
export const FUNCTION_LOGS_ID = 'FunctionLogs';

/**
 * The one log group of the stage's Kalan functions, made with the first of them, in the stage's
 * top-level stack whichever nested stack a function is in (where it was before the split: a nested
 * stack of its own would orphan it). Explicit, so the stage's retention and removal policy apply
 * without CDK's LogRetention custom resource, and one for all, because a log group per function
 * cost a CloudFormation resource each (≈ 50 of the stack's 500). Nothing is lost: in a custom log group Lambda names each stream
 * `YYYY/MM/DD/<function name>[<version>]<environment id>`, and every structured line carries
 * `function_name` (Powertools' `injectLambdaContext`, functions/src/commons/logger.ts); one group
 * also lets one Logs Insights query follow a `correlation_id` through the API, the webhook and the
 * workflow's tasks. No function gains a right: AWSLambdaBasicExecutionRole already grants the log
 * actions on every group (`*`).
 */
export function functionLogGroup(scope: Construct, stage: Stage): LogGroup {
  const stack = rootStackOf(scope);
  const existing = stack.node.tryFindChild(FUNCTION_LOGS_ID);
  if (existing instanceof LogGroup) return existing;
  if (existing) throw new Error(`${FUNCTION_LOGS_ID} is taken at the root of ${stack.node.path} by something else than a log group`);
  return new LogGroup(stack, FUNCTION_LOGS_ID, { retention: stage.logRetention, removalPolicy: stage.removalPolicy });
}

/**
 * Every Kalan function of the stage built so far, nested stacks included, for the constructs that
 * grant what the rows declare.
 */
export function kalanFunctionsOf(scope: Construct): KalanFunction[] {
  return rootStackOf(scope)
    .node.findAll()
    .filter((construct): construct is KalanFunction => construct instanceof KalanFunction);
}
