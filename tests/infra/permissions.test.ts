/**
 * The synthesized IAM policies against the one table of who may do what (infra/lib/permissions.ts):
 * nothing beyond a function's row, every table action under the row's LeadingKeys condition, the
 * ledger, the workflow and the Cognito rights held by the declared functions only.
 */
import { describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { eventHandlers, requiresAdminSecondFactor, requiresLiveAccount, routes } from '#shared/routes';
import { CounterEntity } from '#commons/counters';
import { ProfileEntity, TutorProfileEntity } from '#commons/db';
import { FavoriteEntity } from '../../functions/src/favorites/entities.js';
import { historyIndexPartition, SearchHistoryEntity } from '../../functions/src/history/entities.js';
import { KYC_LIST_PARTITION, KYC_PENDING_PARTITION, KycStatusEntity, KycVerificationEntity } from '../../functions/src/kyc/entities.js';
import { OrganisationEntity, ParentPreferencesEntity } from '../../functions/src/onboarding/entities.js';
import { BASE_PREFIX, CATALOGUE_PREFIX } from '../../functions/src/search/catalogue-keys.js';
import { PAGE_KEY_PATTERNS, SHELL_KEY } from '../../functions/src/pages/page-keys.js';
import {
  ALL_TRANSACTIONS_INDEX,
  ATTENTION_TRANSACTIONS_INDEX,
  DisputeEntity,
  disputesIndex,
  LedgerLineEntity,
  parentTransactionsIndex,
  PaystackEventEntity,
  TransactionEntity,
  TransactionHistoryEntity,
  TransactionIndexEntity,
  tutorTransactionsIndex,
} from '../../functions/src/payments/entities.js';
import {
  DESTINATIONS_IN_REVIEW_INDEX,
  DestinationCodeEntity,
  PayoutDestinationEntity,
  PayoutEntity,
  PayoutLedgerLineEntity,
  payoutsByStatusIndex,
  tutorPayoutsIndex,
  WalletEntity,
} from '../../functions/src/payouts/entities.js';
import { KalanFunction } from '../../infra/lib/kalan-function.js';
import {
  GSI1,
  GSI2,
  GSI3,
  LEDGER_ATTRIBUTES,
  PARTITIONS,
  PERMISSIONS,
  type Permissions,
  permissionsOf,
  TABLE_ACTIONS,
  type TableAction,
} from '../../infra/lib/permissions.js';
import { REALTIME_STAGE_NAME } from '../../infra/lib/realtime.js';
import { stageNamed } from '../../infra/lib/stage.js';
import { type CfnResource, kalanFunctions, logicalId, newApp, synthesize } from './synthesize.js';

type Statement = { Effect: 'Allow' | 'Deny'; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

const { stack, template } = synthesize();
const resources = template.toJSON().Resources as Record<string, CfnResource & { DependsOn?: string | string[] }>;
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = Object.values(template.findResources('AWS::IAM::Policy')) as CfnResource[];
const deployed = kalanFunctions(stack);
const tableId = logicalId(stack.data.table);

const statementsOfRole = (roleId: string): Statement[] =>
  policies
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
const statementsOf = (fn: KalanFunction) => statementsOfRole(functions[logicalId(fn)]!.Properties.Role['Fn::GetAtt'][0] as string);
const actionsOf = (statement: Statement) => [statement.Action].flat();
const resourcesOf = (statement: Statement) => [statement.Resource].flat();
const fn = (handlerModule: string) => deployed.find((f) => f.handlerModule === handlerModule)!;

/** What a statement's resource is, in the words of the table. */
function resourceKind(resource: unknown): string {
  const json = JSON.stringify(resource);
  if (json === JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] })) return 'table';
  if (json === JSON.stringify({ 'Fn::GetAtt': [tableId, 'StreamArn'] })) return 'stream';
  const index = /^\{"Fn::Join":\["",\[\{"Fn::GetAtt":\["(\w+)","Arn"\]\},"\/index\/(gsi\d)"\]\]\}$/.exec(json);
  if (index?.[1] === tableId) return index[2]!;
  return resource === '*' ? '*' : json;
}

const INDEXES: readonly string[] = ['gsi1', 'gsi2', 'gsi3'];

const leadingKeysOf = (statement: Statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined;

/** IAM's StringLike: `*` any run of characters, `?` one. */
const stringLike = (pattern: string, value: string) =>
  new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.')}$`).test(value);

const ACTION_NAMES = new Map<string, TableAction>(Object.entries(TABLE_ACTIONS).map(([name, action]) => [action, name as TableAction]));
const STREAM_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];
const SECRET_ACTIONS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
const S3_ACTIONS = { read: 's3:GetObject', write: 's3:PutObject', tag: 's3:PutObjectTagging', readTags: 's3:GetObjectTagging', delete: 's3:DeleteObject' } as const;
/** What reading or writing the KYC bucket takes of its own KMS key (infra/lib/uploads.ts). */
const KMS_ACTIONS = { read: ['kms:Decrypt'], write: ['kms:GenerateDataKey'], tag: [], readTags: [], delete: [] } as const;

/** The non-table rights a row grants, as the actions it may hold on each resource. */
function expectedServiceActions(handlerModule: string, row: Permissions): Map<string, Set<string>> {
  const expected = new Map<string, Set<string>>();
  const add = (resource: string, actions: readonly string[]) => {
    const set = expected.get(resource) ?? new Set<string>();
    for (const action of actions) set.add(action);
    expected.set(resource, set);
  };
  const { data, search, auth } = stack;
  const objects = (bucket: { bucketArn: string }, key = '*') => resourceKind(Stack.of(stack).resolve(`${bucket.bucketArn}/${key}`));
  if (row.paystackSecret) add('secret', SECRET_ACTIONS);
  // Issue 34: the WhatsApp Cloud API's credentials, read by the functions that send or take WhatsApp messages.
  if (row.whatsappSecret) add('whatsappSecret', SECRET_ACTIONS);
  for (const action of row.workflow ?? []) add(action === 'StartExecution' || action === 'SendTaskSuccess' ? 'machine' : 'executions', [`states:${action}`]);
  if (row.payoutProviders) for (const secret of ['cinetpaySecret', 'waveSecret']) add(secret, SECRET_ACTIONS);
  for (const action of row.payoutWorkflow ?? []) add(action === 'StartExecution' ? 'payoutMachine' : 'payoutExecutions', [`states:${action}`]);
  if (row.buckets?.kyc) {
    add(objects(data.kycDocuments), row.buckets.kyc.map((a) => S3_ACTIONS[a]));
    const keyActions = row.buckets.kyc.flatMap((a) => KMS_ACTIONS[a]);
    if (keyActions.length > 0) add(resourceKind(Stack.of(stack).resolve(data.kycKey.keyArn)), keyActions);
  }
  if (row.buckets?.tutorImages) add(objects(data.tutorImages), row.buckets.tutorImages.map((a) => S3_ACTIONS[a]));
  if (row.buckets?.profilePhotos) add(objects(data.tutorImages, '*/profile_photo_*'), row.buckets.profilePhotos.map((a) => S3_ACTIONS[a]));
  if (row.buckets?.photoVariants) add(objects(data.tutorPhotos, 'photos/*'), row.buckets.photoVariants.map((a) => S3_ACTIONS[a]));
  if (row.buckets?.legacyPhotoVariants) add(objects(data.tutorPhotos, 'photos/*/profile_photo_*'), row.buckets.legacyPhotoVariants.map((a) => S3_ACTIONS[a]));
  if (row.buckets?.catalogue) {
    add(objects(search.catalogue, `${CATALOGUE_PREFIX}*`), row.buckets.catalogue.filter((a) => a !== 'delete').map((a) => S3_ACTIONS[a]));
    if (row.buckets.catalogue.includes('delete')) add(objects(search.catalogue, `${BASE_PREFIX}*`), [S3_ACTIONS.delete]);
    add(resourceKind(Stack.of(stack).resolve(search.catalogue.bucketArn)), ['s3:ListBucket']);
  }
  if (row.buckets?.sitePages) {
    // The deployed index.html (read), the pages' keys (written, deleted): functions/src/pages/page-keys.ts.
    const { siteBucket } = stack.web;
    if (row.buckets.sitePages.includes('read')) add(objects(siteBucket, SHELL_KEY), ['s3:GetObject']);
    const writes = row.buckets.sitePages.filter((a) => a !== 'read').map((a) => S3_ACTIONS[a]);
    for (const pattern of PAGE_KEY_PATTERNS) add(objects(siteBucket, pattern), writes);
    add(resourceKind(Stack.of(stack).resolve(siteBucket.bucketArn)), ['s3:ListBucket']);
  }
  if (row.bedrock) add('bedrock', ['bedrock:InvokeModel']);
  if (row.cognito) add(resourceKind({ 'Fn::GetAtt': [logicalId(auth.userPool), 'Arn'] }), row.cognito.map((a) => `cognito-idp:${a}`));
  if (row.tableStream) {
    add('stream', STREAM_ACTIONS);
    // Each stream consumer's own dead-letter queue.
    const deadLetters = handlerModule === eventHandlers.notifier ? stack.notifications.deadLetters : search.deadLetters;
    add(resourceKind(Stack.of(stack).resolve(deadLetters.queueArn)), ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
  }
  // The dev stage has no sender address, so no SES right (a stage with one: tests/infra/notifications.test.ts).
  if (row.email) expect(stageNamed('dev').accountEmailSender).toBeUndefined();
  if (row.reminderSchedules) {
    // The lessons' reminders and the unread messages' e-mails (issue 31), in one group.
    for (const prefix of ['lesson-', 'unread-', 'package-renewal-']) {
      add(
        resourceKind(
          Stack.of(stack).resolve(`arn:${Stack.of(stack).partition}:scheduler:${Stack.of(stack).region}:${Stack.of(stack).account}:schedule/kalan-dev-lesson-reminders/${prefix}*`),
        ),
        row.reminderSchedules.map((a) => `scheduler:${a}`),
      );
    }
    add(resourceKind(Stack.of(stack).resolve(stack.notifications.schedulerRole.roleArn)), ['iam:PassRole']);
  }
  // The messages' WebSocket API: its stage's connections only (infra/lib/realtime.ts).
  if (row.manageConnections) add('connections', ['execute-api:ManageConnections']);
  return expected;
}

/** Names the resources of other services the way expectedServiceActions does. */
function serviceResourceKind(action: string, resource: unknown): string {
  const json = JSON.stringify(resource);
  if (action.startsWith('secretsmanager:') && json.includes(':secret:kalan/dev/paystack-secret-key-')) return 'secret';
  if (action.startsWith('secretsmanager:') && json.includes(':secret:kalan/dev/cinetpay-transfer-')) return 'cinetpaySecret';
  if (action.startsWith('secretsmanager:') && json.includes(':secret:kalan/dev/whatsapp-')) return 'whatsappSecret';
  if (action.startsWith('secretsmanager:') && json.includes(':secret:kalan/dev/wave-payouts-')) return 'waveSecret';
  if (action.startsWith('states:') && json.includes(':stateMachine:kalan-dev-escrow-')) return 'machine';
  if (action.startsWith('states:') && json.includes(':execution:kalan-dev-escrow-')) return 'executions';
  if (action.startsWith('states:') && json.includes(':stateMachine:kalan-dev-payouts-')) return 'payoutMachine';
  if (action.startsWith('states:') && json.includes(':execution:kalan-dev-payouts-')) return 'payoutExecutions';
  if (action.startsWith('bedrock:') && json.includes(':bedrock:')) return 'bedrock';
  if (action === 'dynamodb:ListStreams' && resource === '*') return 'stream';
  if (action === 'execute-api:ManageConnections' && json.includes(`/${REALTIME_STAGE_NAME}/*/@connections/*`) && json.includes(logicalId(stack.realtime.api))) return 'connections';
  return resourceKind(resource);
}

describe('least privilege (infra/lib/permissions.ts against the synthesized policies)', () => {
  it('has one row per deployed handler module, and no row for a module that is not deployed', () => {
    const modules = new Set([...Object.values(routes).map((r) => r.handler), ...Object.values(eventHandlers)]);
    expect(deployed.map((f) => f.handlerModule).sort()).toEqual([...modules].sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...modules].sort());
  });

  it('stops synthesis, with a clear message, for a handler module without a row (fail closed)', () => {
    const message = /No permissions declared for handler module 'escrow\/undeclared': add its row to infra\/lib\/permissions\.ts/;
    expect(() => permissionsOf('escrow/undeclared')).toThrow(message);
    const other = new Stack(newApp(), 'Other');
    expect(() => new KalanFunction(other, 'Undeclared', { handlerModule: 'escrow/undeclared', table: stack.data.table, stage: stageNamed('dev') })).toThrow(message);
    // `toString` and friends are not rows either.
    expect(() => permissionsOf('toString')).toThrow(/No permissions declared/);
  });

  it('refuses a row that would let a non-ledger function delete or batch-write transaction items', () => {
    const original = PERMISSIONS['transactions/rate'];
    const rows = PERMISSIONS as Record<string, Permissions>;
    try {
      rows['transactions/rate'] = { table: { ...original!.table, delete: [PARTITIONS.transaction] } };
      expect(() => permissionsOf('transactions/rate')).toThrow(/only ledger writers may delete or batch-write TX# items/);
    } finally {
      rows['transactions/rate'] = original!;
    }
  });

  describe.each(deployed.map((f) => [f.handlerModule, f] as const))('%s', (handlerModule, kalanFunction) => {
    const row = PERMISSIONS[handlerModule]!;
    const statements = statementsOf(kalanFunction);
    const allows = statements.filter((s) => s.Effect === 'Allow');

    it('holds no wildcard action and no action on every resource, but the unavoidable', () => {
      for (const statement of allows) {
        for (const action of actionsOf(statement)) {
          expect(action, handlerModule).not.toMatch(/\*/);
          // dynamodb:ListStreams has no resource-level permissions (the stream reader only).
          if (resourcesOf(statement).includes('*')) {
            expect([eventHandlers.searchIndexer, eventHandlers.notifier]).toContain(handlerModule);
            expect(action).toBe('dynamodb:ListStreams');
          }
        }
      }
    });

    it('holds on the table only the actions of its row, each under its LeadingKeys condition', () => {
      for (const statement of allows) {
        for (const resource of resourcesOf(statement)) {
          const kind = resourceKind(resource);
          if (kind !== 'table' && !INDEXES.includes(kind)) continue;
          for (const action of actionsOf(statement)) {
            if (action === 'dynamodb:Scan') {
              expect(row.table?.scan, `${handlerModule} ${action}`).toBe(true);
              continue;
            }
            const name = kind === 'table' ? ACTION_NAMES.get(action) : action === 'dynamodb:Query' ? kind : undefined;
            expect(name, `${handlerModule} may not ${action} on ${kind}`).toBeDefined();
            const declared = row.table?.[name as TableAction] ?? [];
            const keys = leadingKeysOf(statement);
            expect(keys, `${handlerModule} ${action} without LeadingKeys`).toBeDefined();
            expect(statement.Condition?.Null).toEqual({ 'dynamodb:LeadingKeys': 'false' });
            for (const key of keys!) expect(declared, `${handlerModule} ${action} on ${key}`).toContain(key);
          }
        }
      }
    });

    it('holds every table action of its row (the function can do its job)', () => {
      const granted = (name: string, pattern: string) =>
        allows.some((s) => {
          const kinds = resourcesOf(s).map(resourceKind);
          const onTable = !INDEXES.includes(name);
          const action = onTable ? TABLE_ACTIONS[name as TableAction] : 'dynamodb:Query';
          return kinds.includes(onTable ? 'table' : name) && actionsOf(s).includes(action) && (leadingKeysOf(s) ?? []).includes(pattern);
        });
      for (const [name, patterns] of Object.entries(row.table ?? {})) {
        if (name === 'scan') continue;
        for (const pattern of patterns as string[]) expect(granted(name, pattern), `${handlerModule} ${name} ${pattern}`).toBe(true);
      }
    });

    it('holds outside the table exactly what its row declares', () => {
      const held = new Map<string, Set<string>>();
      for (const statement of allows) {
        for (const action of actionsOf(statement)) {
          for (const resource of resourcesOf(statement)) {
            const kind = serviceResourceKind(action, resource);
            if (kind === 'table' || INDEXES.includes(kind)) continue;
            const set = held.get(kind) ?? new Set<string>();
            set.add(action);
            held.set(kind, set);
          }
        }
      }
      const sorted = (map: Map<string, Set<string>>) => Object.fromEntries([...map].map(([k, v]) => [k, [...v].sort()]).sort());
      const expected = expectedServiceActions(handlerModule, row);
      expect(sorted(held), handlerModule).toEqual(sorted(expected));
    });
  });

  it('lets only the escrow, webhook and payout paths write ledger lines; the other writers of TX# items are denied ledger attributes', () => {
    const writesPartition = (partition: string) => (s: Statement) =>
      s.Effect === 'Allow' &&
      resourcesOf(s).some((r) => resourceKind(r) === 'table') &&
      actionsOf(s).some((a) => ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem'].includes(a)) &&
      (leadingKeysOf(s) ?? []).some((key) => stringLike(key, partition));
    const writesTx = writesPartition('TX#0b7c');
    // A payout's ledger lines share its partition and nothing else writes it: its writers are ledger writers.
    const writesPayout = writesPartition('PAYOUT#0b7c');
    const payoutWriters = deployed.filter((f) => statementsOf(f).some(writesPayout)).map((f) => f.handlerModule);
    expect(payoutWriters.sort()).toEqual(['payouts/admin-api', 'payouts/cinetpay-notify', 'payouts/reconcile', 'payouts/tasks', 'payouts/wallet-api']);
    const deniesLedger = (statements: Statement[]) =>
      statements.some(
        (s) =>
          s.Effect === 'Deny' &&
          resourcesOf(s).some((r) => resourceKind(r) === 'table') &&
          ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'].every((a) => actionsOf(s).includes(a)) &&
          JSON.stringify(s.Condition) === JSON.stringify({ 'ForAnyValue:StringEquals': { 'dynamodb:Attributes': [...LEDGER_ATTRIBUTES] } }),
      );
    const ledgerWriters = deployed.filter((f) => statementsOf(f).some(writesTx) && !deniesLedger(statementsOf(f))).map((f) => f.handlerModule);
    expect(ledgerWriters.sort()).toEqual(
      [
        'admin/retry-transaction',
        'escrow/decide',
        'escrow/reconcile',
        'escrow/tasks',
        'lessons/act',
        'payments/verify-payment',
        'payments/webhook',
        // Issue 32: the tutor's answer to a package, stopping it, credits, the trial guarantee.
        'packages/api',
        'packages/changes',
        'packages/credits',
        'packages/guarantee',
        // Issue 34: a tutor's answer from WhatsApp is the lesson action (lessons/act.ts).
        'whatsapp/webhook',
      ].sort(),
    );
    expect([...ledgerWriters, ...payoutWriters].sort()).toEqual(Object.keys(PERMISSIONS).filter((m) => PERMISSIONS[m]!.ledger).sort());
    const deniedWriters = deployed.filter((f) => statementsOf(f).some(writesTx) && deniesLedger(statementsOf(f))).map((f) => f.handlerModule);
    expect(deniedWriters.sort()).toEqual(['account/delete-me', 'admin/close-dispute', 'admin/stats', 'packages/book', 'packages/renewal', 'payments/initialize', 'transactions/rate']);
    // Delete and BatchWrite name no attributes, so the Deny cannot see them: ledger writers only.
    for (const f of deployed.filter((d) => !PERMISSIONS[d.handlerModule]!.ledger)) {
      const deletesTx = statementsOf(f).some(
        (s) => writesTx(s) && actionsOf(s).some((a) => a === 'dynamodb:DeleteItem' || a === 'dynamodb:BatchWriteItem'),
      );
      expect(deletesTx, f.handlerModule).toBe(false);
    }
  });

  it('lets only the functions that drive the workflow hold Step Functions actions', () => {
    const onMachine = (machine: string) => (s: Statement) => resourcesOf(s).some((r) => JSON.stringify(r).includes(`kalan-dev-${machine}-`));
    const holders = (action: string, machine = 'escrow') =>
      deployed
        .filter((f) => statementsOf(f).some((s) => s.Effect === 'Allow' && actionsOf(s).includes(action) && onMachine(machine)(s)))
        .map((f) => f.handlerModule)
        .sort();
    // The payouts' machine: the withdrawal and the admin's retry start an attempt; the reconciler restarts one it finds without a live execution.
    expect(holders('states:StartExecution', 'payouts')).toEqual(['payouts/admin-api', 'payouts/reconcile', 'payouts/wallet-api']);
    expect(holders('states:DescribeExecution', 'payouts')).toEqual(['payouts/reconcile']);
    for (const action of ['states:StopExecution', 'states:SendTaskSuccess']) expect(holders(action, 'payouts'), action).toEqual([]);
    expect(holders('states:StartExecution')).toEqual(['admin/retry-transaction', 'escrow/reconcile', 'packages/book', 'packages/credits', 'packages/renewal', 'payments/initialize']);
    expect(holders('states:DescribeExecution')).toEqual(['escrow/reconcile']);
    expect(holders('states:StopExecution')).toEqual(['admin/retry-transaction']);
    expect(holders('states:SendTaskSuccess')).toEqual(
      [
        'admin/retry-transaction',
        'escrow/decide',
        'escrow/reconcile',
        'escrow/tasks',
        'lessons/act',
        'packages/api',
        'packages/book',
        'packages/changes',
        'packages/credits',
        'packages/guarantee',
        'packages/renewal',
        'payments/initialize',
        'payments/verify-payment',
        'payments/webhook',
        'transactions/rate',
        'whatsapp/webhook',
      ].sort(),
    );
    const anyStates = deployed.filter((f) => statementsOf(f).some((s) => actionsOf(s).some((a) => a.startsWith('states:'))));
    expect(anyStates.map((f) => f.handlerModule).sort()).toEqual(
      Object.keys(PERMISSIONS)
        .filter((m) => PERMISSIONS[m]!.workflow || PERMISSIONS[m]!.payoutWorkflow)
        .sort(),
    );
  });

  it('lets only the post-confirmation trigger add users to groups and the account deletion delete them, of their own pool only', () => {
    const cognitoActions = (f: KalanFunction) => statementsOf(f).flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
    const holders = deployed.filter((f) => cognitoActions(f).includes('cognito-idp:AdminAddUserToGroup'));
    expect(holders.map((f) => f.handlerModule)).toEqual([eventHandlers.postConfirmation]);
    const [statement] = statementsOf(fn(eventHandlers.postConfirmation)).filter((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')));
    expect(statement).toMatchObject({ Action: 'cognito-idp:AdminAddUserToGroup', Resource: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] } });
    const deleters = deployed.filter((f) => cognitoActions(f).includes('cognito-idp:AdminDeleteUser'));
    expect(deleters.map((f) => f.handlerModule)).toEqual([routes.deleteMe.handler]);
    expect(statementsOf(fn(routes.deleteMe.handler)).filter((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')))).toEqual([
      expect.objectContaining({ Action: 'cognito-idp:AdminDeleteUser', Resource: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] } }),
    ]);
    // No other Cognito action anywhere but the second factor's AdminGetUser.
    expect(new Set(deployed.flatMap(cognitoActions))).toEqual(
      new Set(['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser']),
    );
  });

  it("gives every handler of a route admitting admins the second factor's check: AdminGetUser on its own pool, its caller's profile", () => {
    const checked = new Set(
      Object.values(routes)
        .filter((route) => requiresAdminSecondFactor(route) || route.handler.startsWith('auth/admin-mfa-'))
        .map((route) => route.handler),
    );
    const holders = deployed.filter((f) => statementsOf(f).some((s) => actionsOf(s).includes('cognito-idp:AdminGetUser')));
    expect(holders.map((f) => f.handlerModule).sort()).toEqual([...checked].sort());
    for (const f of holders) {
      const statement = statementsOf(f).find((s) => actionsOf(s).includes('cognito-idp:AdminGetUser'))!;
      expect(statement, f.handlerModule).toMatchObject({ Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] } });
      expect(functions[logicalId(f)]!.Properties.Environment.Variables.USER_POOL_ID, f.handlerModule).toEqual({ Ref: logicalId(stack.auth.userPool) });
      // The enrolment writes the profile; every other one reads it.
      const profileAction = f.handlerModule === 'auth/admin-mfa-enrol' ? 'update' : 'get';
      expect(PERMISSIONS[f.handlerModule]!.table?.[profileAction], f.handlerModule).toContain(PARTITIONS.user);
    }
  });

  it("lets every handler of a signed-in route read its caller's profile (the account still exists), granted in the stack", () => {
    const checked = new Set(
      Object.values(routes)
        .filter(requiresLiveAccount)
        .map((route) => route.handler),
    );
    expect(checked.size).toBeGreaterThan(30);
    expect(checked.has(routes.deleteMe.handler)).toBe(false);
    for (const handlerModule of checked) {
      expect(PERMISSIONS[handlerModule]!.table?.get ?? [], handlerModule).toContain(PARTITIONS.user);
      const granted = statementsOf(fn(handlerModule)).some(
        (s) => actionsOf(s).includes('dynamodb:GetItem') && (leadingKeysOf(s) ?? []).includes(PARTITIONS.user),
      );
      expect(granted, handlerModule).toBe(true);
    }
  });

  it('grants Resource "*" in the whole stack only where no resource-level permission exists', () => {
    const wildcards = new Set<string>();
    for (const [id, resource] of Object.entries(resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      for (const statement of resource.Properties.PolicyDocument.Statement as Statement[]) {
        if (resourcesOf(statement).includes('*')) for (const action of actionsOf(statement)) wildcards.add(`${id.replace(/[0-9A-F]{8}$/, '')} ${action}`);
      }
    }
    expect([...wildcards].sort()).toEqual(
      [
        // CDK's BucketDeployment of the SPA (web.ts) invalidates the distribution it just filled.
        'CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756CServiceRoleDefaultPolicy cloudfront:CreateInvalidation',
        'CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756CServiceRoleDefaultPolicy cloudfront:GetInvalidation',
        // The stream reader: ListStreams has no resource-level permissions.
        'SearchIndexerServiceRoleDefaultPolicy dynamodb:ListStreams',
        'NotificationsNotifierServiceRoleDefaultPolicy dynamodb:ListStreams',
        // The state machine: X-Ray and CloudWatch Logs delivery accept only "*".
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:CreateLogDelivery',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:DeleteLogDelivery',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:DescribeLogGroups',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:DescribeResourcePolicies',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:GetLogDelivery',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:ListLogDeliveries',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:PutResourcePolicy',
        'EscrowEscrowStateMachineRoleDefaultPolicy logs:UpdateLogDelivery',
        'EscrowEscrowStateMachineRoleDefaultPolicy xray:GetSamplingRules',
        'EscrowEscrowStateMachineRoleDefaultPolicy xray:GetSamplingTargets',
        'EscrowEscrowStateMachineRoleDefaultPolicy xray:PutTelemetryRecords',
        'EscrowEscrowStateMachineRoleDefaultPolicy xray:PutTraceSegments',
        // The payouts' state machine: the same.
        ...[
          'logs:CreateLogDelivery',
          'logs:DeleteLogDelivery',
          'logs:DescribeLogGroups',
          'logs:DescribeResourcePolicies',
          'logs:GetLogDelivery',
          'logs:ListLogDeliveries',
          'logs:PutResourcePolicy',
          'logs:UpdateLogDelivery',
          'xray:GetSamplingRules',
          'xray:GetSamplingTargets',
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ].map((action) => `PayoutWorkflowPayoutStateMachineRoleDefaultPolicy ${action}`),
      ].sort(),
    );
  });

  it('has no circular dependency between resources (the trigger, its pool and its own-pool policy)', () => {
    const references = (value: unknown, found = new Set<string>()): Set<string> => {
      if (Array.isArray(value)) for (const v of value) references(v, found);
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (key === 'Ref' && typeof v === 'string' && resources[v]) found.add(v);
          else if (key === 'Fn::GetAtt' && Array.isArray(v) && resources[v[0] as string]) found.add(v[0] as string);
          else references(v, found);
        }
      }
      return found;
    };
    const edges = new Map(
      Object.entries(resources).map(([id, r]) => [id, new Set([...references(r.Properties), ...[r.DependsOn ?? []].flat()])]),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const cycle: string[] = [];
    const visit = (id: string, path: string[]): boolean => {
      if (state.get(id) === 'done') return false;
      if (state.get(id) === 'visiting') return cycle.push(...path, id) > 0;
      state.set(id, 'visiting');
      for (const next of edges.get(id) ?? []) if (visit(next, [...path, id])) return true;
      state.set(id, 'done');
      return false;
    };
    for (const id of edges.keys()) visit(id, []);
    expect(cycle).toEqual([]);
  });

  it("declares the partitions and index partitions the code really builds (the entities' keys)", () => {
    const pk = (command: { params(): { Key?: Record<string, unknown> } }) => String(command.params().Key?.pk);
    const item = (command: { params(): { Item?: Record<string, unknown> } }) => command.params().Item!;
    const cases: Array<[string, string]> = [
      [PARTITIONS.user, pk(ProfileEntity.build(GetItemCommand).key({ user_id: 'u1' }))],
      [PARTITIONS.user, pk(TutorProfileEntity.build(GetItemCommand).key({ user_id: 'u1' }))],
      [PARTITIONS.user, pk(ParentPreferencesEntity.build(GetItemCommand).key({ user_id: 'u1' }))],
      [PARTITIONS.user, pk(OrganisationEntity.build(GetItemCommand).key({ user_id: 'u1' }))],
      [PARTITIONS.user, pk(FavoriteEntity.build(GetItemCommand).key({ user_id: 'u1', tutor_id: 't1' }))],
      [PARTITIONS.user, pk(SearchHistoryEntity.build(GetItemCommand).key({ user_id: 'u1', id: 's1' }))],
      [PARTITIONS.user, pk(KycStatusEntity.build(GetItemCommand).key({ user_id: 'u1' }))],
      [PARTITIONS.kyc, pk(KycVerificationEntity.build(GetItemCommand).key({ id: 'k1' }))],
      [PARTITIONS.transaction, pk(TransactionEntity.build(GetItemCommand).key({ id: 'x1' }))],
      [PARTITIONS.transaction, pk(TransactionIndexEntity.build(GetItemCommand).key({ transaction_id: 'x1' }))],
      [PARTITIONS.transaction, pk(LedgerLineEntity.build(GetItemCommand).key({ transaction_id: 'x1', line: 'payment#1' }))],
      [PARTITIONS.transaction, pk(DisputeEntity.build(GetItemCommand).key({ transaction_id: 'x1' }))],
      [PARTITIONS.transaction, pk(TransactionHistoryEntity.build(GetItemCommand).key({ transaction_id: 'x1', entry: 'e' }))],
      [PARTITIONS.paystackEvent, pk(PaystackEventEntity.build(GetItemCommand).key({ event_key: 'charge.success#1' }))],
      [GSI1.profiles, String(item(ProfileEntity.build(PutItemCommand).item({ user_id: 'u1', first_name: 'A', last_name: 'B', role: 'parent' })).gsi1pk)],
      [GSI1.searchHistory, historyIndexPartition('u1')],
      [GSI1.kycVerifications, KYC_LIST_PARTITION],
      [GSI1.parentTransactions, parentTransactionsIndex('u1')],
      [GSI1.allTransactions, ALL_TRANSACTIONS_INDEX],
      [GSI1.openDisputes, disputesIndex('open')],
      [GSI2.tutor, String(item(TutorProfileEntity.build(PutItemCommand).item({ user_id: 'u1', id: 't1' })).gsi2pk)],
      [GSI2.tutorTransactions, tutorTransactionsIndex('u1')],
      [GSI2.attentionTransactions, ATTENTION_TRANSACTIONS_INDEX],
      [GSI2.pendingKyc, KYC_PENDING_PARTITION],
      [GSI3.catalogue, String(item(ProfileEntity.build(PutItemCommand).item({ user_id: 'u1', first_name: 'A', last_name: 'B', role: 'tuteur' })).gsi3pk)],
      [GSI3.catalogue, String(item(TutorProfileEntity.build(PutItemCommand).item({ user_id: 'u1', id: 't1', is_completed: true })).gsi3pk)],
      [PARTITIONS.counters, pk(CounterEntity.build(GetItemCommand).key({ name: 'total_users' }))],
      [PARTITIONS.wallet, pk(WalletEntity.build(GetItemCommand).key({ tutor_user_id: 'u1' }))],
      [PARTITIONS.wallet, pk(PayoutDestinationEntity.build(GetItemCommand).key({ tutor_user_id: 'u1' }))],
      [PARTITIONS.wallet, pk(DestinationCodeEntity.build(GetItemCommand).key({ tutor_user_id: 'u1' }))],
      [PARTITIONS.payout, pk(PayoutEntity.build(GetItemCommand).key({ id: 'p1' }))],
      [PARTITIONS.payout, pk(PayoutLedgerLineEntity.build(GetItemCommand).key({ payout_id: 'p1', line: 'withdrawal#1' }))],
      [GSI1.tutorPayouts, tutorPayoutsIndex('u1')],
      [GSI1.destinationsInReview, DESTINATIONS_IN_REVIEW_INDEX],
      [GSI2.payoutsByStatus, payoutsByStatusIndex('needs_attention')],
    ];
    for (const [pattern, key] of cases) expect(stringLike(pattern, key), `${pattern} ~ ${key}`).toBe(true);
    // Prefixes never overlap: a transaction pattern never matches another partition.
    expect(stringLike(PARTITIONS.transaction, parentTransactionsIndex('u1'))).toBe(false);
    expect(stringLike(GSI1.openDisputes, disputesIndex('resolved'))).toBe(false);
    expect(stringLike(GSI2.payoutsByStatus, tutorPayoutsIndex('u1'))).toBe(false);
    expect(stringLike(PARTITIONS.payout, payoutsByStatusIndex('paid'))).toBe(false);
  });
});
