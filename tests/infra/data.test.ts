import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_KEYS } from '#commons/table';
import { type CfnResource, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const buckets = template.findResources('AWS::S3::Bucket') as Record<string, CfnResource>;
const bucketPolicies = Object.values(template.findResources('AWS::S3::BucketPolicy')) as CfnResource[];

describe('the single DynamoDB table', () => {
  it('is the only table, on demand, keyed as TABLE_KEYS says', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
  });

  it('streams new and old images and keeps point-in-time recovery on', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('deletes what carries an expiry (search history) through its TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('is deleted with a dev stage but retained and deletion-protected in prod (every stateful resource: stages.test.ts)', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    const prod = synthesize({ stage: 'prod' }).template;
    prod.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });
});

describe('S3 buckets', () => {
  it("exist for KYC documents, tutor images, the photos' variants, the site, the access logs and the search catalogue", () => {
    const { data, web } = stack;
    expect(Object.keys(buckets).sort()).toEqual(
      [data.kycDocuments, data.tutorImages, data.tutorPhotos, data.accessLogs, web.siteBucket, stack.search.catalogue].map(logicalId).sort(),
    );
  });

  it('block every form of public access and encrypt at rest, every one of them', () => {
    expect(Object.keys(buckets).length).toBeGreaterThan(0);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      // The KYC bucket has its own KMS key (tests/infra/kyc-bucket.test.ts); the others S3's.
      if (id === logicalId(stack.data.kycDocuments)) continue;
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('refuse any request not made over TLS, every one of them', () => {
    for (const id of Object.keys(buckets)) {
      const policy = bucketPolicies.find((p) => p.Properties.Bucket?.Ref === id);
      expect(policy, `bucket policy of ${id}`).toBeDefined();
      expect(policy?.Properties.PolicyDocument.Statement, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Principal: { AWS: '*' },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('log accesses to the user-file buckets', () => {
    const { data } = stack;
    for (const bucket of [data.kycDocuments, data.tutorImages]) {
      expect(buckets[logicalId(bucket)]?.Properties.LoggingConfiguration).toMatchObject({
        DestinationBucketName: { Ref: logicalId(data.accessLogs) },
      });
    }
  });

  it('version KYC documents', () => {
    expect(buckets[logicalId(stack.data.kycDocuments)]?.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });

  it('let the site origin upload by presigned POST and read by presigned GET, and no other origin', () => {
    const { data, web } = stack;
    const siteOrigin = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(web.distribution), 'DomainName'] }]] };
    for (const bucket of [data.kycDocuments, data.tutorImages]) {
      expect(buckets[logicalId(bucket)]?.Properties.CorsConfiguration).toEqual({
        CorsRules: [
          expect.objectContaining({
            AllowedMethods: expect.arrayContaining(['POST', 'GET']),
            AllowedOrigins: [siteOrigin],
          }),
        ],
      });
    }
  });
});
