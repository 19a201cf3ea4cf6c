import { Duration } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { KYC_RETENTION } from '#shared/constants';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '#commons/table';
import { acknowledge } from './nag.js';
import { PrivateBucket } from './private-bucket.js';
import type { Stage } from './stage.js';

export interface DataProps {
  readonly stage: Stage;
}

/**
 * Where Kalan keeps its state: the single table, the uploaded files, and the access logs of
 * both the buckets and the CDN.
 */
export class Data extends Construct {
  readonly table: Table;
  /** Identity documents of tutors: readable only by their owner and admins, through presigned GETs. */
  readonly kycDocuments: PrivateBucket;
  /** The KYC bucket's own key (rotated yearly): only the functions whose row reads or writes the bucket may use it. */
  readonly kycKey: Key;
  readonly tutorImages: PrivateBucket;
  /**
   * The profile photos' resized WebP variants (`photos/…`), written by the photo resizer and read by
   * CloudFront alone (origin access control, infra/lib/web.ts): the site serves them at the same path.
   */
  readonly tutorPhotos: PrivateBucket;
  /** S3 server access logs and CloudFront logs. */
  readonly accessLogs: PrivateBucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { stage } = props;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // The stream feeds the search catalogue snapshot; old images let consumers see what changed.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      // Search history expires after 90 days (functions/src/history/entities.ts).
      timeToLiveAttribute: TABLE_KEYS.timeToLive,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.isProduction,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    this.accessLogs = new PrivateBucket(this, 'AccessLogs', {
      stage,
      // CloudFront standard logs are delivered with an ACL grant, which needs ACLs enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetention) }],
    });
    acknowledge(this.accessLogs, 'This is the access-log bucket; logging it into itself would loop.', 'AwsSolutions-S1');

    this.kycKey = new Key(this, 'KycKey', {
      description: `Kalan ${stage.name}: identity documents (KYC bucket)`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    const { tagKey, rejected, accountDeleted, replacedVersionDays } = KYC_RETENTION;
    this.kycDocuments = new PrivateBucket(this, 'KycDocuments', {
      stage,
      encryptionKey: this.kycKey,
      // A replaced or deleted identity document stays recoverable for a while (KYC_RETENTION).
      versioned: true,
      accessLogs: { bucket: this.accessLogs, prefix: 's3/kyc-documents/' },
      // The retention rule (shared/src/constants.ts, KYC_RETENTION): the admin's rejection and the
      // account deletion tag the objects; S3 deletes them, and their old versions, once due.
      lifecycleRules: [
        ...[rejected, accountDeleted].map(({ tag, days }) => ({
          id: `kyc-retention-${tag}`,
          tagFilters: { [tagKey]: tag },
          expiration: Duration.days(days),
          noncurrentVersionExpiration: Duration.days(1),
        })),
        {
          id: 'kyc-replaced-versions',
          noncurrentVersionExpiration: Duration.days(replacedVersionDays),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    this.tutorImages = new PrivateBucket(this, 'TutorImages', {
      stage,
      accessLogs: { bucket: this.accessLogs, prefix: 's3/tutor-images/' },
    });
    this.tutorPhotos = new PrivateBucket(this, 'TutorPhotos', {
      stage,
      accessLogs: { bucket: this.accessLogs, prefix: 's3/tutor-photos/' },
    });
  }

  /**
   * The SPA uploads with presigned POSTs and reads with presigned GETs straight from S3,
   * so the browser needs CORS for the site's origin (known only once the CDN exists).
   */
  allowBrowserTransfersFrom(siteOrigin: string): void {
    for (const bucket of [this.kycDocuments, this.tutorImages]) {
      bucket.addCorsRule({
        allowedOrigins: [siteOrigin],
        allowedMethods: [HttpMethods.POST, HttpMethods.GET],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      });
    }
  }
}
