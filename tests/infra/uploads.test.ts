/**
 * The private file buckets as the Lambdas see them: which function may read or write which
 * bucket (KYC documents only where needed), with object-level actions only.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = Object.values(template.findResources('AWS::IAM::Policy')) as CfnResource[];
const kalan = kalanFunctions(stack);
const kycId = logicalId(stack.data.kycDocuments);
const imagesId = logicalId(stack.data.tutorImages);

function fn(handlerModule: string) {
  const found = kalan.find((f) => f.handlerModule === handlerModule);
  if (!found) throw new Error(`no function for ${handlerModule}`);
  return found;
}

/** Every S3 statement attached to a function's role, as [actions, resource text]. */
function s3Statements(handlerModule: string): Array<{ actions: string[]; resources: string }> {
  const roleRef = functions[logicalId(fn(handlerModule))]?.Properties.Role?.['Fn::GetAtt']?.[0] as string;
  return policies
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((role) => role.Ref === roleRef))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>)
    .map((statement) => ({
      actions: ([] as string[]).concat(statement.Action),
      resources: JSON.stringify(statement.Resource),
    }))
    .filter((statement) => statement.actions.some((action) => action.startsWith('s3:')));
}

const touches = (handlerModule: string, bucketId: string) =>
  s3Statements(handlerModule).filter((statement) => statement.resources.includes(bucketId));

function environment(handlerModule: string): Record<string, unknown> {
  return functions[logicalId(fn(handlerModule))]?.Properties.Environment?.Variables ?? {};
}

describe('upload and KYC functions and the private buckets', () => {
  it('lets the upload function sign POSTs into both buckets, and nothing else', () => {
    const handler = routes.createUpload.handler;
    expect(touches(handler, kycId).flatMap((s) => s.actions)).toEqual(['s3:PutObject']);
    expect(touches(handler, imagesId).flatMap((s) => s.actions)).toEqual(['s3:PutObject']);
    expect(environment(handler)).toMatchObject({ KYC_BUCKET: { Ref: kycId }, TUTOR_IMAGES_BUCKET: { Ref: imagesId } });
  });

  it('gives the KYC functions read access to the KYC bucket only, object by object', () => {
    for (const route of [routes.getMyKyc, routes.submitKyc, routes.listKycVerifications]) {
      // The submission also reads the retention tag (a rejected document is not submitted again).
      const expected = route === routes.submitKyc ? ['s3:GetObject', 's3:GetObjectTagging'] : ['s3:GetObject'];
      expect(touches(route.handler, kycId).flatMap((s) => s.actions), route.handler).toEqual(expected);
      expect(touches(route.handler, imagesId), route.handler).toEqual([]);
      expect(environment(route.handler).KYC_BUCKET, route.handler).toEqual({ Ref: kycId });
    }
  });

  it('keeps the KYC bucket out of reach of every other function', () => {
    const allowed = new Set<string>([
      routes.createUpload.handler,
      routes.getUploadUrl.handler,
      routes.getMyKyc.handler,
      routes.submitKyc.handler,
      routes.listKycVerifications.handler,
    ]);
    // The review only tags a rejected submission's documents for the retention rule.
    expect(touches(routes.reviewKyc.handler, kycId).flatMap((s) => s.actions)).toEqual(['s3:PutObjectTagging']);
    allowed.add(routes.reviewKyc.handler);
    // My data: the export signs links to the caller's own documents; the deletion tags and deletes them.
    expect(touches(routes.exportMyData.handler, kycId).flatMap((s) => s.actions)).toEqual(['s3:GetObject']);
    expect(touches(routes.deleteMe.handler, kycId).flatMap((s) => s.actions).sort()).toEqual(['s3:DeleteObject', 's3:PutObjectTagging']);
    allowed.add(routes.exportMyData.handler).add(routes.deleteMe.handler);
    const reaching = kalan.filter((f) => touches(f.handlerModule, kycId).length > 0).map((f) => f.handlerModule);
    expect(reaching.sort()).toEqual([...allowed].sort());
    for (const f of kalan.filter((f) => !allowed.has(f.handlerModule))) {
      expect(environment(f.handlerModule).KYC_BUCKET, f.handlerModule).toBeUndefined();
    }
  });

  it('lets tutor profile and tutor card functions read tutor images', () => {
    for (const route of [
      routes.getMyTutorProfile,
      routes.saveMyTutorProfile,
      routes.getTutorProfile,
      routes.searchTutors,
      routes.listFavorites,
      routes.recommendTutors,
    ]) {
      expect(touches(route.handler, imagesId).flatMap((s) => s.actions), route.handler).toEqual(['s3:GetObject']);
      expect(environment(route.handler).TUTOR_IMAGES_BUCKET, route.handler).toEqual({ Ref: imagesId });
    }
  });

  it('never grants listing files, and deleting them only to the account deletion', () => {
    for (const f of kalan) {
      const mayDelete = f.handlerModule === routes.deleteMe.handler;
      for (const statement of [...touches(f.handlerModule, kycId), ...touches(f.handlerModule, imagesId)]) {
        const allowedActions = ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:GetObjectTagging', ...(mayDelete ? ['s3:DeleteObject'] : [])];
        expect(statement.actions.every((a) => allowedActions.includes(a)), f.handlerModule).toBe(true);
      }
    }
    expect(touches(routes.deleteMe.handler, imagesId).flatMap((s) => s.actions)).toEqual(['s3:DeleteObject']);
  });
});
