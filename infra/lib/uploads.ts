import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { routes } from '#shared/routes';
import type { Api } from './api.js';
import type { Data } from './data.js';
import type { KalanFunction } from './kalan-function.js';
import { acknowledge, nagReference } from './nag.js';

export interface UploadsProps {
  readonly api: Api;
  readonly data: Data;
}

type Access = 'read' | 'write';

/**
 * What each Lambda of onboarding, tutor profiles, tutor cards, uploads and KYC may do with the two private
 * file buckets, and the bucket names it reads from its environment. Least privilege: object-level
 * GetObject (presigned GETs, HeadObject) or PutObject (presigned POSTs) only, never List or Delete.
 * The KYC bucket is reached only by the upload, URL and KYC functions.
 */
const ACCESS: Record<string, { kyc?: Access[]; tutorImages?: Access[] }> = {
  [routes.createUpload.handler]: { kyc: ['write'], tutorImages: ['write'] },
  [routes.getUploadUrl.handler]: { kyc: ['read'], tutorImages: ['read'] },
  [routes.getMyTutorProfile.handler]: { tutorImages: ['read'] },
  [routes.saveMyTutorProfile.handler]: { tutorImages: ['read'] },
  [routes.getTutorProfile.handler]: { tutorImages: ['read'] },
  // Tutor cards carry a presigned address of the tutor's photo.
  [routes.searchTutors.handler]: { tutorImages: ['read'] },
  [routes.listFavorites.handler]: { tutorImages: ['read'] },
  [routes.recommendTutors.handler]: { tutorImages: ['read'] },
  [routes.getMyKyc.handler]: { kyc: ['read'] },
  [routes.submitKyc.handler]: { kyc: ['read'] },
  [routes.listKycVerifications.handler]: { kyc: ['read'] },
};

export class Uploads extends Construct {
  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    const { api, data } = props;
    for (const [handlerModule, access] of Object.entries(ACCESS)) {
      const fn = api.functionFor(handlerModule);
      if (access.kyc) grant(fn, data.kycDocuments, 'KYC_BUCKET', access.kyc);
      if (access.tutorImages) grant(fn, data.tutorImages, 'TUTOR_IMAGES_BUCKET', access.tutorImages);
    }
  }
}

function grant(fn: KalanFunction, bucket: IBucket, envName: string, access: Access[]): void {
  fn.addEnvironment(envName, bucket.bucketName);
  const actions = access.map((a) => (a === 'read' ? 's3:GetObject' : 's3:PutObject'));
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
  acknowledge(
    fn,
    'Object keys are generated per user and per upload at request time (`<user id>/<purpose>_<time>_<uuid>`): the grant covers the objects of this one bucket, object-level actions only; ownership is checked in the handler.',
    `AwsSolutions-IAM5[Resource::${nagReference(bucket)}/*]`,
  );
}
