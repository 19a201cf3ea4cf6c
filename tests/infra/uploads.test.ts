/**
 * The private file buckets as the Lambdas see them: which function may read or write which
 * bucket (KYC documents only where needed), with object-level actions only.
 */
import { describe, expect, it } from 'vitest';
import { eventHandlers, routes } from '#shared/routes';
import { FUNCTION_NODE_MODULES } from '../../infra/lib/kalan-function.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = Object.values(template.findResources('AWS::IAM::Policy')) as CfnResource[];
const kalan = kalanFunctions(stack);
const kycId = logicalId(stack.data.kycDocuments);
const imagesId = logicalId(stack.data.tutorImages);
const photosId = logicalId(stack.data.tutorPhotos);

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

describe("the profile photos' resizer", () => {
  const resizer = eventHandlers.photoResizer;

  it('is invoked by the tutor-images bucket for every object created, and by nothing else', () => {
    const notifications = Object.values(template.findResources('Custom::S3BucketNotifications')) as CfnResource[];
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.Properties).toMatchObject({
      BucketName: { Ref: imagesId },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [{ Events: ['s3:ObjectCreated:*'], LambdaFunctionArn: { 'Fn::GetAtt': [logicalId(fn(resizer)), 'Arn'] } }],
      },
    });
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')) as CfnResource[];
    const fromS3 = permissions.filter((p) => p.Properties.Principal === 's3.amazonaws.com');
    expect(fromS3.map((p) => p.Properties)).toEqual([
      expect.objectContaining({
        FunctionName: { 'Fn::GetAtt': [logicalId(fn(resizer)), 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [imagesId, 'Arn'] },
      }),
    ]);
  });

  it('reads the profile photos of the tutor-images bucket only, writes under photos/ of the variants bucket only, deletes only the old layout there', () => {
    expect(s3Statements(resizer)).toEqual([
      { actions: ['s3:GetObject'], resources: JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [imagesId, 'Arn'] }, '/*/profile_photo_*']] }) },
      { actions: ['s3:PutObject'], resources: JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [photosId, 'Arn'] }, '/photos/*']] }) },
      // The migration (photos/backfill.ts) deletes layout 1's variants (`photos/<owner>/profile_photo_…/…`), never the current ones.
      { actions: ['s3:DeleteObject'], resources: JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [photosId, 'Arn'] }, '/photos/*/profile_photo_*']] }) },
    ]);
    expect(touches(resizer, kycId)).toEqual([]);
    expect(environment(resizer)).toMatchObject({ TUTOR_IMAGES_BUCKET: { Ref: imagesId }, TUTOR_PHOTOS_BUCKET: { Ref: photosId } });
    expect(environment(resizer).KYC_BUCKET).toBeUndefined();
  });

  it('is the only writer of the variants; the profile save reads them, the account deletion deletes them, the migration the old ones', () => {
    const reaching = kalan.filter((f) => touches(f.handlerModule, photosId).length > 0);
    const byModule = Object.fromEntries(reaching.map((f) => [f.handlerModule, touches(f.handlerModule, photosId).flatMap((s) => s.actions)]));
    expect(byModule).toEqual({
      [resizer]: ['s3:PutObject', 's3:DeleteObject'],
      [routes.saveMyTutorProfile.handler]: ['s3:GetObject'],
      [routes.deleteMe.handler]: ['s3:DeleteObject'],
    });
  });

  it('ships sharp beside the bundle, installed for Lambda’s platform (Linux, glibc, arm64)', () => {
    expect(FUNCTION_NODE_MODULES[resizer]).toEqual({ nodeModules: ['sharp'], environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' } });
    expect(functions[logicalId(fn(resizer))]!.Properties.Architectures).toEqual(['arm64']);
  });

  it('has an errors alarm that notifies the alarm topic', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, CfnResource>).map((a) => a.Properties);
    const onResizer = alarms.filter((alarm) => {
      const metrics = JSON.stringify(alarm.Metrics ?? alarm);
      return metrics.includes('"MetricName":"Errors"') && metrics.includes(JSON.stringify({ Ref: logicalId(fn(resizer)) }));
    });
    expect(onResizer).toHaveLength(1);
    expect(onResizer[0]!.AlarmActions).toEqual([{ Ref: logicalId(stack.alarmTopic) }]);
  });
});
