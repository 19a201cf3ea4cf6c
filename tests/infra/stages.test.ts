/**
 * Issue 11, point 6: a deploy that works the first time and the second. Production keeps its data
 * (RETAIN_ON_UPDATE_OR_DELETE: retained on replacement and deletion, removed when a first creation
 * rolls back); a personal stage is destroyed entirely; no stateful resource carries a fixed
 * physical name that a failed or deleted stack could leave behind and block the next deploy with.
 */
import { describe, expect, it } from 'vitest';
import { STATEFUL_RESOURCE_TYPES } from '../../infra/lib/kalan-stack.js';
import { stageFrom } from '../../infra/lib/stage.js';
import { STAGES, stageSettings } from '../../infra/stages.js';
import { type CfnResource, logicalId, synthesize } from './synthesize.js';

const prod = synthesize({ stage: 'prod' });
const personal = synthesize({ stage: 'dev-aminata' });

const resourcesOf = (synthesized: { template: { toJSON(): unknown } }) =>
  (synthesized.template.toJSON() as { Resources: Record<string, CfnResource> }).Resources;
const stateful = (synthesized: { template: { toJSON(): unknown } }) =>
  Object.entries(resourcesOf(synthesized)).filter(([, r]) => STATEFUL_RESOURCE_TYPES.includes(r.Type));

describe('removal policies', () => {
  it('cover the table, the buckets, the user pool, the log groups and the state machine', () => {
    const types = new Set(stateful(prod).map(([, r]) => r.Type));
    expect([...types].sort()).toEqual([...STATEFUL_RESOURCE_TYPES].sort());
    // Six buckets; six log groups: the functions' one, the API's access logs, the WebSocket API's
    // (issue 31), the escrow workflow's, the payout workflow's and CDK's BucketDeployment's.
    expect(stateful(prod).filter(([, r]) => r.Type === 'AWS::S3::Bucket')).toHaveLength(6);
    expect(stateful(prod).filter(([, r]) => r.Type === 'AWS::Logs::LogGroup')).toHaveLength(6);
  });

  it('keep production data on replacement and deletion, but let a failed first creation roll back', () => {
    for (const [id, resource] of stateful(prod)) {
      expect({ id, deletion: resource.DeletionPolicy, replace: resource.UpdateReplacePolicy }).toEqual({
        id,
        deletion: 'RetainExceptOnCreate',
        replace: 'Retain',
      });
    }
    prod.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    // Production buckets are never emptied by the stack.
    prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('delete everything of a personal stage with it, buckets emptied first', () => {
    for (const [id, resource] of stateful(personal)) {
      expect({ id, deletion: resource.DeletionPolicy, replace: resource.UpdateReplacePolicy }).toEqual({
        id,
        deletion: 'Delete',
        replace: 'Delete',
      });
    }
    const emptied = Object.values(personal.template.findResources('Custom::S3AutoDeleteObjects') as Record<string, CfnResource>).map(
      (r) => r.Properties.BucketName.Ref as string,
    );
    const buckets = stateful(personal).filter(([, r]) => r.Type === 'AWS::S3::Bucket').map(([id]) => id);
    expect(emptied.sort()).toEqual(buckets.sort());
    personal.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });
});

/**
 * A name is fixed when it is a literal: CloudFormation would try to create the same name again
 * after a failed or deleted stack left the resource behind. Allowed: names CloudFormation
 * generates (absent here), and names built from one — a generated function name (the
 * BucketDeployment's `/aws/lambda/<function>` log group) or the stack's own id (the workflow).
 */
const NAME_PROPERTIES = ['TableName', 'BucketName', 'UserPoolName', 'LogGroupName', 'StateMachineName', 'QueueName', 'TopicName'];
const NAMED_TYPES = [...STATEFUL_RESOURCE_TYPES, 'AWS::SQS::Queue', 'AWS::SNS::Topic'];

function fixedNames(resources: Record<string, CfnResource>): string[] {
  const fixed: string[] = [];
  for (const [id, resource] of Object.entries(resources)) {
    if (!NAMED_TYPES.includes(resource.Type)) continue;
    for (const property of NAME_PROPERTIES) {
      const name: unknown = resource.Properties?.[property];
      if (name === undefined) continue;
      const derived = JSON.stringify(name);
      if (!/"Ref":"(?!AWS::(Region|AccountId|Partition|URLSuffix)")|"AWS::StackId"/.test(derived)) fixed.push(`${id}.${property} = ${derived}`);
    }
  }
  return fixed;
}

describe('physical names', () => {
  it('are never fixed on a stateful resource, queue or topic, in production or a personal stage', () => {
    expect(fixedNames(resourcesOf(prod))).toEqual([]);
    expect(fixedNames(resourcesOf(personal))).toEqual([]);
  });

  it('catch a literal name (the guard itself)', () => {
    expect(fixedNames({ T: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'kalan-prod' } } })).toHaveLength(1);
    expect(
      fixedNames({ L: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: { 'Fn::Join': ['', ['/kalan/', { Ref: 'AWS::Region' }]] } } } }),
    ).toHaveLength(1);
  });

  it("end the workflow's name and its log group with the stack's own id", () => {
    const [machine] = Object.values(prod.template.findResources('AWS::StepFunctions::StateMachine')) as CfnResource[];
    expect(JSON.stringify(machine!.Properties.StateMachineName)).toContain('"Ref":"AWS::StackId"');
    const logGroupNames = Object.values(resourcesOf(prod))
      .filter((r) => r.Type === 'AWS::Logs::LogGroup' && r.Properties.LogGroupName)
      .map((r) => JSON.stringify(r.Properties.LogGroupName));
    expect(logGroupNames.find((name) => name.includes('/aws/vendedlogs/states/kalan-prod-escrow-'))).toContain('"Ref":"AWS::StackId"');
  });
});

describe('stage settings in the template', () => {
  it('keep logs as long as the stage says: a year in prod, two weeks in a personal stage', () => {
    for (const [synthesized, days] of [
      [prod, STAGES.prod.logRetentionDays],
      [personal, STAGES.dev.logRetentionDays],
    ] as const) {
      const groups = Object.values(synthesized.template.findResources('AWS::Logs::LogGroup')) as CfnResource[];
      expect(new Set(groups.map((g) => g.Properties.RetentionInDays))).toEqual(new Set([days]));
      synthesized.template.hasResourceProperties('AWS::S3::Bucket', {
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: days, Status: 'Enabled' }] },
      });
    }
    expect(STAGES.prod.logRetentionDays).toBe(365);
  });

  it("e-mail the alarms to production's address, and to nobody for a personal stage without one", () => {
    prod.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: STAGES.prod.alarmEmail });
    personal.template.resourceCountIs('AWS::SNS::Subscription', 0);
    personal.template.resourceCountIs('AWS::SNS::Topic', 1);
  });

  it('pin the stack to the account and region a stage names, and leave it to the credentials otherwise', () => {
    expect(personal.stack.account).toMatch(/^\$\{Token/);
    const pinned = synthesize({ stage: stageFrom({ ...stageSettings('prod'), name: 'prod', account: '123456789012', region: 'eu-west-3' }) });
    expect([pinned.stack.account, pinned.stack.region]).toEqual(['123456789012', 'eu-west-3']);
  });

  it("serve the site on the stage's domain with its certificate, and use that origin for CORS", () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0d6c1d9e-7d0a-4bb4-9d7a-2c7e1c0c9f11';
    const stage = stageFrom({ ...stageSettings('prod'), name: 'prod', domain: { name: 'kalan.ci', certificateArn } });
    const { stack, template } = synthesize({ stage });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['kalan.ci'],
        ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
    const kyc = template.findResources('AWS::S3::Bucket')[logicalId(stack.data.kycDocuments)] as CfnResource;
    expect(kyc.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(['https://kalan.ci']);
  });
});
