import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { PHOTO_PREFIX } from '#shared/photos';
import { eventHandlers } from '#shared/routes';
import type { Api } from './api.js';
import type { Data } from './data.js';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagReference } from './nag.js';
import type { BucketAccess } from './permissions.js';
import type { Stage } from './stage.js';

export interface UploadsProps {
  readonly stage: Stage;
  /** Built before: its functions are granted the buckets their rows declare. */
  readonly api: Api;
  readonly data: Data;
}

/** The profile photos among the tutor images: `<owner>/profile_photo_<ms>_<uuid>.<ext>` (shared/src/upload-schemas.ts). */
export const PROFILE_PHOTO_OBJECTS = '*/profile_photo_*';
/** Layout 1's variants in the photos bucket, `photos/<owner>/profile_photo_<ms>_<uuid>/<width>.webp`; the current layout's keys hold no `profile_photo_`. */
export const LEGACY_PHOTO_OBJECTS = `${PHOTO_PREFIX}${PROFILE_PHOTO_OBJECTS}`;

/**
 * The two private file buckets, granted to the functions whose row of infra/lib/permissions.ts
 * declares them, with the bucket names they read from their environment. Least privilege:
 * object-level GetObject (presigned GETs, HeadObject), PutObject (presigned POSTs) or
 * Put/GetObjectTagging only, DeleteObject for the account deletion alone, never List, and on the
 * KYC bucket's own KMS key only what those need. The KYC bucket is reached only by the upload,
 * URL, KYC and account functions.
 */
export class Uploads extends Construct {
  /** Makes the WebP variants of each profile photo uploaded (functions/src/photos/resize-photo.ts). */
  readonly photoResizer: KalanFunction;
  private readonly data: Data;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    this.data = props.data;
    const { stage, data } = props;
    this.photoResizer = new KalanFunction(this, 'PhotoResizer', { handlerModule: eventHandlers.photoResizer, table: data.table, stage });
    // Every object created in the tutor-images bucket: S3 filters on a prefix or a suffix, and a
    // key starts with its owner's id; the resizer skips diplomas at once. Its variants go to
    // another bucket, so its own writes never invoke it again. S3 invokes asynchronously (two
    // retries); the errors alarm (infra/lib/monitoring.ts) covers this function like any other.
    data.tutorImages.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.photoResizer));
    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
    acknowledgeNotificationHandler(data.tutorImages);
  }

  /** The buckets the function's row declares. Done for every function built before Uploads; call it for one built after. */
  grantDeclared(fn: KalanFunction): void {
    const { kyc, tutorImages, profilePhotos, photoVariants, legacyPhotoVariants } = fn.permissions.buckets ?? {};
    if (kyc) grant(fn, this.data.kycDocuments, 'KYC_BUCKET', kyc);
    if (tutorImages) grant(fn, this.data.tutorImages, 'TUTOR_IMAGES_BUCKET', tutorImages);
    if (profilePhotos) grant(fn, this.data.tutorImages, 'TUTOR_IMAGES_BUCKET', profilePhotos, PROFILE_PHOTO_OBJECTS);
    if (photoVariants) grant(fn, this.data.tutorPhotos, 'TUTOR_PHOTOS_BUCKET', photoVariants, `${PHOTO_PREFIX}*`);
    if (legacyPhotoVariants) grant(fn, this.data.tutorPhotos, 'TUTOR_PHOTOS_BUCKET', legacyPhotoVariants, LEGACY_PHOTO_OBJECTS);
    if (kyc) fn.markGranted('buckets.kyc');
    if (tutorImages) fn.markGranted('buckets.tutorImages');
    if (profilePhotos) fn.markGranted('buckets.profilePhotos');
    if (photoVariants) fn.markGranted('buckets.photoVariants');
    if (legacyPhotoVariants) fn.markGranted('buckets.legacyPhotoVariants');
  }
}

/**
 * CDK's own singleton that writes the bucket's notification configuration (a custom resource, in
 * the bucket's stack): its runtime and policy are CDK's.
 */
function acknowledgeNotificationHandler(bucket: IBucket): void {
  const handler = Stack.of(bucket).node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
  if (!handler) return;
  acknowledge(
    handler,
    'CDK-managed handler that writes S3 bucket notification configurations; s3:PutBucketNotification is granted on "*" by CDK.',
    'AwsSolutions-IAM5[Resource::*]',
  );
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

function grant(fn: KalanFunction, bucket: IBucket, envName: string, access: readonly BucketAccess[], objects = '*'): void {
  fn.addEnvironment(envName, bucket.bucketName);
  const actions = access.map((a) => OBJECT_ACTIONS[a]);
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects(objects)] }));
  // The key's own policy trusts the account's IAM policies: a function uses the key only through
  // this statement, so only the rows that read or write the bucket hold it.
  const keyActions = access.flatMap((a) => KEY_ACTIONS[a] ?? []);
  if (bucket.encryptionKey && keyActions.length > 0) {
    fn.addToRolePolicy(new PolicyStatement({ actions: keyActions, resources: [bucket.encryptionKey.keyArn] }));
  }
  acknowledge(
    fn,
    'Object keys are generated per user and per upload at request time (`<user id>/<purpose>_<time>_<uuid>`): the grant covers the objects of this one bucket, object-level actions only; ownership is checked in the handler.',
    `AwsSolutions-IAM5[Resource::${nagReference(bucket, 'Arn', fn)}/${objects}]`,
  );
}
