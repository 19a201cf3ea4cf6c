import { describe, expect, it } from 'vitest';
import { eventHandlers, routes } from '#shared/routes';
import { FUNCTION_LOGS_ID } from '../../infra/lib/kalan-function.js';
import { STAGES } from '../../infra/stages.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const kalan = kalanFunctions(stack);

describe('Kalan Lambdas', () => {
  it('exist for every route handler and every Cognito trigger, once each', () => {
    const expected = new Set([...Object.values(routes).map((r) => r.handler), ...Object.values(eventHandlers)]);
    expect(kalan.map((fn) => fn.handlerModule).sort()).toEqual([...expected].sort());
  });

  it('run on Node 22 and arm64 with the shared memory, timeout and environment (more for the search catalogue, the photos, the notifier batches and the payouts’ provider calls)', () => {
    const tableRef = { Ref: logicalId(stack.data.table) };
    const sized: Record<string, [memory: number, timeout: number]> = {
      [eventHandlers.searchIndexer]: [1769, 300],
      [routes.searchTutors.handler]: [1024, 10],
      [routes.recommendTutors.handler]: [1024, 10],
      [eventHandlers.photoResizer]: [1024, 30],
      [eventHandlers.notifier]: [512, 60],
      [eventHandlers.payoutTasks]: [512, 25],
      [eventHandlers.payoutReconciler]: [512, 120],
    };
    for (const fn of kalan) {
      const properties = functions[logicalId(fn)]?.Properties;
      const [memory, timeout] = sized[fn.handlerModule] ?? [512, 10];
      expect(properties, fn.handlerModule).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: memory,
        Timeout: timeout,
        Handler: 'index.handler',
        Environment: {
          Variables: { TABLE_NAME: tableRef, POWERTOOLS_SERVICE_NAME: 'kalan', NODE_OPTIONS: '--enable-source-maps' },
        },
      });
    }
  });

  it("write to the stack's one function log group, kept as long as the stage's settings say", () => {
    const logGroups = template.findResources('AWS::Logs::LogGroup') as Record<string, CfnResource>;
    const functionLogs = logicalId(stack.node.findChild(FUNCTION_LOGS_ID));
    expect(logGroups[functionLogs]).toMatchObject({
      Properties: { RetentionInDays: STAGES.dev.logRetentionDays },
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
    });
    // No fixed name: CloudFormation generates it (and Lambda refuses custom names under `aws/`).
    expect(logGroups[functionLogs]!.Properties.LogGroupName).toBeUndefined();
    expect(kalan.length).toBeGreaterThan(50);
    for (const fn of kalan) {
      // Only the group is shared: each function keeps its own role.
      expect(functions[logicalId(fn)]?.Properties.LoggingConfig, fn.handlerModule).toEqual({ LogGroup: { Ref: functionLogs } });
    }
    expect(new Set(kalan.map((fn) => JSON.stringify(functions[logicalId(fn)]!.Properties.Role))).size).toBe(kalan.length);
  });

  it('are the only Node functions besides CDK-managed custom resources', () => {
    const ours = new Set(kalan.map(logicalId));
    const others = Object.entries(functions).filter(([id]) => !ours.has(id));
    // Custom resource providers, and the one that writes the tutor-images bucket's notification (Uploads).
    for (const [id] of others) expect(id).toMatch(/^(Custom|BucketNotificationsHandler[0-9a-f]{32})/);
  });
});
