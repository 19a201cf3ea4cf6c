import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Stage } from './stage.js';

export interface PrivateBucketProps extends Pick<BucketProps, 'versioned' | 'cors' | 'lifecycleRules' | 'objectOwnership'> {
  readonly stage: Stage;
  /** Where S3 server access logs go; only the access-log bucket itself has none. */
  readonly accessLogs?: { readonly bucket: IBucket; readonly prefix: string };
  /**
   * A customer-managed KMS key for the objects (SSE-KMS, with an S3 bucket key to keep KMS calls
   * few); S3-managed keys otherwise. With a key, reading an object takes kms:Decrypt and writing
   * one kms:GenerateDataKey: infra/lib/uploads.ts grants them with the bucket's row rights.
   */
  readonly encryptionKey?: IKey;
}

/**
 * A bucket nobody reaches without a signed request or CloudFront's OAC: every public access
 * blocked, TLS required, encrypted at rest. All Kalan buckets are built here.
 */
export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    const { stage, accessLogs, encryptionKey: _key, ...bucketProps } = props;
    super(scope, id, {
      ...bucketProps,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      ...(props.encryptionKey
        ? { encryption: BucketEncryption.KMS, encryptionKey: props.encryptionKey, bucketKeyEnabled: true }
        : { encryption: BucketEncryption.S3_MANAGED }),
      serverAccessLogsBucket: accessLogs?.bucket,
      serverAccessLogsPrefix: accessLogs?.prefix,
      removalPolicy: stage.removalPolicy,
      // Outside production a stage must be destroyable: empty its buckets on delete.
      autoDeleteObjects: !stage.isProduction,
    });
  }
}
