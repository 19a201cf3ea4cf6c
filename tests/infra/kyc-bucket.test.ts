/**
 * The KYC bucket (issue 12, point 3): its own KMS key with rotation, SSE-KMS with that key, the
 * retention rule of KYC_RETENTION as lifecycle rules on the review's tags, and the key usable
 * only by the functions whose row of infra/lib/permissions.ts reads or writes the bucket.
 */
import { describe, expect, it } from 'vitest';
import { KYC_RETENTION } from '#shared/constants';
import { PERMISSIONS } from '../../infra/lib/permissions.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const keyId = logicalId(stack.data.kycKey);
const bucket = template.findResources('AWS::S3::Bucket')[logicalId(stack.data.kycDocuments)] as CfnResource;
const policies = template.findResources('AWS::IAM::Policy') as Record<string, CfnResource>;
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
const KEY_USE = ['kms:Decrypt', 'kms:GenerateDataKey', 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:*'];

/** Every role of the stack that may use the KYC key, by the statements of its policies. */
function rolesUsingKey(): Map<string, Set<string>> {
  const holders = new Map<string, Set<string>>();
  for (const policy of Object.values(policies)) {
    for (const statement of policy.Properties.PolicyDocument.Statement as Statement[]) {
      if (statement.Effect !== 'Allow' || !JSON.stringify(statement.Resource).includes(keyId)) continue;
      const actions = [statement.Action].flat().filter((a) => KEY_USE.includes(a) || a.startsWith('kms:'));
      for (const role of policy.Properties.Roles as Array<{ Ref: string }>) {
        const set = holders.get(role.Ref) ?? new Set<string>();
        for (const action of actions) set.add(action);
        holders.set(role.Ref, set);
      }
    }
  }
  return holders;
}

describe('the KYC bucket', () => {
  it('has its own customer-managed KMS key, rotated', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    expect(template.findResources('AWS::KMS::Key')[keyId]?.Properties.EnableKeyRotation).toBe(true);
  });

  it('encrypts its objects with that key (SSE-KMS, bucket key on)', () => {
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [
        {
          ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: { 'Fn::GetAtt': [keyId, 'Arn'] } },
          BucketKeyEnabled: true,
        },
      ],
    });
  });

  it('expires the documents the review tagged, after the days KYC_RETENTION states, old versions included', () => {
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Array<Record<string, unknown>>;
    const { tagKey, rejected, accountDeleted, replacedVersionDays } = KYC_RETENTION;
    for (const { tag, days } of [rejected, accountDeleted]) {
      expect(rules).toContainEqual(
        expect.objectContaining({
          Status: 'Enabled',
          TagFilters: [{ Key: tagKey, Value: tag }],
          ExpirationInDays: days,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        }),
      );
    }
    expect(rules).toContainEqual(
      expect.objectContaining({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: replacedVersionDays }, ExpiredObjectDeleteMarker: true }),
    );
    expect(rejected.days).toBe(30);
    expect(accountDeleted.days).toBe(1);
  });

  it('lets only the functions whose row reads or writes the bucket use the key: Decrypt to read, GenerateDataKey to write', () => {
    const roleOf = new Map(
      kalanFunctions(stack).map((f) => [functions[logicalId(f)]?.Properties.Role?.['Fn::GetAtt']?.[0] as string, f.handlerModule]),
    );
    const held = Object.fromEntries(
      [...rolesUsingKey()].map(([role, actions]) => [roleOf.get(role) ?? `not a Kalan function: ${role}`, [...actions].sort()]),
    );
    const expected = Object.fromEntries(
      Object.entries(PERMISSIONS)
        .map(([module, row]) => {
          const kyc = row.buckets?.kyc ?? [];
          const actions = [...(kyc.includes('read') ? ['kms:Decrypt'] : []), ...(kyc.includes('write') ? ['kms:GenerateDataKey'] : [])];
          return [module, actions.sort()] as const;
        })
        .filter(([, actions]) => actions.length > 0),
    );
    expect(held).toEqual(expected);
    // Spelled out, so a widened row shows here too.
    // The export signs links to the caller's own documents (read); the deletion tags and deletes
    // them, which needs no key.
    expect(Object.keys(held).sort()).toEqual(['account/export-my-data', 'kyc/admin-list', 'kyc/get-mine', 'kyc/submit', 'uploads/create-upload', 'uploads/get-file-url']);
    expect(held['uploads/create-upload']).toEqual(['kms:GenerateDataKey']);
    expect(held['kyc/admin-review']).toBeUndefined();
    expect(held['account/delete-me']).toBeUndefined();
  });
});
