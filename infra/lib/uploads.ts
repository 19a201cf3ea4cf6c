import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Api } from './api.js';
import type { Data } from './data.js';
import { type KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagReference } from './nag.js';
import type { BucketAccess } from './permissions.js';

export interface UploadsProps {
  /** Built before: its functions are granted the buckets their rows declare. */
  readonly api: Api;
  readonly data: Data;
}

/**
 * The two private file buckets, granted to the functions whose row of infra/lib/permissions.ts
 * declares them, with the bucket names they read from their environment. Least privilege:
 * object-level GetObject (presigned GETs, HeadObject), PutObject (presigned POSTs) or
 * Put/GetObjectTagging only, DeleteObject for the account deletion alone, never List, and on the
 * KYC bucket's own KMS key only what those need. The KYC bucket is reached only by the upload,
 * URL, KYC and account functions.
 */
export class Uploads extends Construct {
  private readonly data: Data;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    this.data = props.data;
    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
  }

  /** The buckets the function's row declares. Done for every function built before Uploads; call it for one built after. */
  grantDeclared(fn: KalanFunction): void {
    const { kyc, tutorImages } = fn.permissions.buckets ?? {};
    if (kyc) grant(fn, this.data.kycDocuments, 'KYC_BUCKET', kyc);
    if (tutorImages) grant(fn, this.data.tutorImages, 'TUTOR_IMAGES_BUCKET', tutorImages);
    if (kyc) fn.markGranted('buckets.kyc');
    if (tutorImages) fn.markGranted('buckets.tutorImages');
  }
}

const OBJECT_ACTIONS: Record<BucketAccess, string> = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  tag: 's3:PutObjectTagging',
  readTags: 's3:GetObjectTagging',
  delete: 's3:DeleteObject',
};
/** What S3 asks of the caller's KMS rights on a bucket with its own key (SSE-KMS). */
const KEY_ACTIONS: Partial<Record<BucketAccess, string>> = { read: 'kms:Decrypt', write: 'kms:GenerateDataKey' };

function grant(fn: KalanFunction, bucket: IBucket, envName: string, access: readonly BucketAccess[]): void {
  fn.addEnvironment(envName, bucket.bucketName);
  const actions = access.map((a) => OBJECT_ACTIONS[a]);
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
  // The key's own policy trusts the account's IAM policies: a function uses the key only through
  // this statement, so only the rows that read or write the bucket hold it.
  const keyActions = access.flatMap((a) => KEY_ACTIONS[a] ?? []);
  if (bucket.encryptionKey && keyActions.length > 0) {
    fn.addToRolePolicy(new PolicyStatement({ actions: keyActions, resources: [bucket.encryptionKey.keyArn] }));
  }
  acknowledge(
    fn,
    'Object keys are generated per user and per upload at request time (`<user id>/<purpose>_<time>_<uuid>`): the grant covers the objects of this one bucket, object-level actions only; ownership is checked in the handler.',
    `AwsSolutions-IAM5[Resource::${nagReference(bucket)}/*]`,
  );
}
