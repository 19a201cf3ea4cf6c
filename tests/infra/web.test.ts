import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { type CfnResource, fakeSpaBuild, logicalId, synthesize } from './synthesize.js';

// IDs of the AWS managed CloudFront policies.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** Caches on the path and the accepted encodings: brotli and gzip are both enabled. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const { stack, template } = synthesize();
const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as CfnResource[];
const config = distribution?.Properties.DistributionConfig;
const originById = new Map((config.Origins as Array<{ Id: string }>).map((origin) => [origin.Id, origin]));

type ViewerRequest = { request: { uri: string } };
type Querystring = Record<string, { value: string }>;
type ViewerEvent = { context: { eventType: string }; request: { uri: string; querystring: Querystring }; response?: { statusCode: number } };
function siteRouting(): (event: ViewerEvent) => any {
  const [fn] = Object.values(template.findResources('AWS::CloudFront::Function')) as CfnResource[];
  // The CloudFront Function's source, run as CloudFront would run it.
  return new Function(`${fn?.Properties.FunctionCode as string}\nreturn handler;`)();
}
function spaRouting(): (event: ViewerRequest) => ViewerRequest['request'] {
  const handler = siteRouting();
  return ({ request }) => handler({ context: { eventType: 'viewer-request' }, request: { ...request, querystring: {} } });
}

describe('CloudFront distribution', () => {
  it('serves the SPA from the private site bucket through Origin Access Control, over HTTPS', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    // The site's bucket, and the photos' variants (below).
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const defaultBehavior = config.DefaultCacheBehavior;
    expect(defaultBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(originById.get(defaultBehavior.TargetOriginId)).toMatchObject({
      DomainName: { 'Fn::GetAtt': [logicalId(stack.web.siteBucket), 'RegionalDomainName'] },
      OriginAccessControlId: expect.anything(),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack.web.siteBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('compresses the site on the fly (brotli or gzip, as the browser accepts), cached by encoding', () => {
    expect(config.DefaultCacheBehavior).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, Compress: true });
  });

  it("serves /photos/* from the variants' own bucket through its origin access control, kept a day at the edges", () => {
    const photos = (config.CacheBehaviors as Array<Record<string, unknown>>).find((b) => b.PathPattern === '/photos/*');
    expect(photos).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'], Compress: false });
    expect(originById.get(photos?.TargetOriginId as string)).toMatchObject({
      DomainName: { 'Fn::GetAtt': [logicalId(stack.data.tutorPhotos), 'RegionalDomainName'] },
      OriginAccessControlId: expect.anything(),
    });
    const policyId = (photos?.CachePolicyId as { Ref: string }).Ref;
    expect(template.toJSON().Resources[policyId].Properties.CachePolicyConfig).toMatchObject({ MaxTTL: 86_400, DefaultTTL: 86_400, MinTTL: 0 });
    // CloudFront alone reads the variants; no origin of the distribution is the originals' or the KYC bucket.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack.data.tutorPhotos) },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } })]),
      },
    });
    const origins = JSON.stringify(config.Origins);
    expect(origins).not.toContain(logicalId(stack.data.tutorImages));
    expect(origins).not.toContain(logicalId(stack.data.kycDocuments));
  });

  it('routes /api/* to the HTTP API, uncached, with every method and the viewer headers but Host', () => {
    const apiBehavior = (config.CacheBehaviors as Array<Record<string, unknown>>).find((b) => b.PathPattern === '/api/*');
    expect(apiBehavior).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    expect(originById.get(apiBehavior?.TargetOriginId as string)).toMatchObject({
      DomainName: {
        'Fn::Join': ['', [{ Ref: logicalId(stack.api.httpApi) }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
      },
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
    });
  });

  it('falls back to /index.html for client-side routes without hiding API errors', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    const route = spaRouting();
    expect(route({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(route({ request: { uri: '/recherche' } }).uri).toBe('/index.html');
    expect(route({ request: { uri: '/tuteurs/8f14e45f/reserver' } }).uri).toBe('/index.html');
    expect(route({ request: { uri: '/assets/index-3f2a1b.js' } }).uri).toBe('/assets/index-3f2a1b.js');
    expect(route({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
    // Distribution-wide error responses would also rewrite the API's own 403/404 answers.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it("serves the pre-rendered pages from their own keys in the site bucket, a page's address with a trailing slash moved to its own, without a Lambda", () => {
    const behaviours = config.CacheBehaviors as Array<Record<string, any>>;
    template.resourceCountIs('AWS::CloudFront::Function', 1);
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function')) as CfnResource[];
    for (const pattern of ['/tutors/*', '/repetiteurs/*']) {
      const pages = behaviours.find((b) => b.PathPattern === pattern);
      expect(pages, pattern).toMatchObject({
        TargetOriginId: config.DefaultCacheBehavior.TargetOriginId,
        ViewerProtocolPolicy: 'redirect-to-https',
        AllowedMethods: ['GET', 'HEAD'],
        CachePolicyId: CACHING_OPTIMIZED,
        ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
      });
      // The routing function on viewer request only (CloudFront never runs a viewer-response function
      // on S3's 403 for a page not published); no Lambda@Edge on a page view.
      expect(pages?.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } }]);
      expect(pages?.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]).toBe(Object.keys(template.findResources('AWS::CloudFront::Function'))[0]);
      expect(pages?.LambdaFunctionAssociations).toBeUndefined();
    }
    expect(fn?.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const handler = siteRouting();
    const request = (uri: string, querystring: Record<string, { value: string }> = {}) => handler({ context: { eventType: 'viewer-request' }, request: { uri, querystring } });
    expect(request('/tutors/8f14e45f').uri).toBe('/tutors/8f14e45f');
    expect(request('/repetiteurs/mathematiques/cocody').uri).toBe('/repetiteurs/mathematiques/cocody');
    // Pasted with a trailing slash: one permanent hop to the page's own address, query kept.
    expect(request('/tutors/8f14e45f/', { ref: { value: 'wa' } })).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/tutors/8f14e45f?ref=wa' }, 'cache-control': { value: 'public, max-age=86400' } },
    });
    expect(request('/repetiteurs/mathematiques/cocody/')).toMatchObject({ statusCode: 301, headers: { location: { value: '/repetiteurs/mathematiques/cocody' } } });
  });

  it('logs requests to the access-log bucket', () => {
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logicalId(stack.data.accessLogs), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });
});

describe('site content', () => {
  const deployments = (t = template) => Object.values(t.findResources('Custom::CDKBucketDeployment')) as CfnResource[];

  it('writes /config.json with the pool, the client and a same-origin API, and invalidates the CDN', () => {
    const [entry, ...others] = deployments();
    expect(others).toEqual([]);
    expect(entry?.Properties).toMatchObject({
      DestinationBucketName: { Ref: logicalId(stack.web.siteBucket) },
      DistributionId: { Ref: logicalId(stack.web.distribution) },
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      // Without a build, a deploy must not prune the SPA already online.
      Prune: false,
    });
    expect(entry?.Properties.SourceObjectKeys).toHaveLength(1);
    const markers = Object.values(entry?.Properties.SourceMarkers[0] as Record<string, unknown>);
    expect(markers).toEqual(
      expect.arrayContaining([{ Ref: logicalId(stack.auth.userPool) }, { Ref: logicalId(stack.auth.userPoolClient) }]),
    );
  });

  it('deploys a built SPA: hashed assets cached for good, index.html revalidated', () => {
    const built = synthesize({ spaDistDir: fakeSpaBuild() });
    const byPrefix = new Map(deployments(built.template).map((d) => [d.Properties.DestinationBucketKeyPrefix ?? '', d.Properties]));
    expect(byPrefix.get('assets/')).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(byPrefix.get('')).toMatchObject({
      Prune: true,
      // The pages the indexer publishes into the same bucket survive a deploy's pruning.
      Exclude: ['assets/*', 'tutors/*', 'repetiteurs/*', 'sitemap.xml', 'robots.txt'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(byPrefix.get('')?.SourceObjectKeys).toHaveLength(2);
  });

  it('serves the service worker, the manifest and the icons as files, revalidated on every load (issue 34: a new version is found at the next visit)', () => {
    const route = spaRouting();
    for (const file of ['/sw.js', '/manifest.webmanifest', '/icons/kalan-192.png']) expect(route({ request: { uri: file } }).uri).toBe(file);
    const built = synthesize({ spaDistDir: fakeSpaBuild() });
    const entry = deployments(built.template).find((d) => !d.Properties.DestinationBucketKeyPrefix)?.Properties;
    // sw.js, manifest.webmanifest and icons/ are outside assets/: the no-cache deployment, never a year.
    expect(entry).toMatchObject({ Exclude: expect.arrayContaining(['assets/*']), SystemMetadata: { 'cache-control': 'no-cache' } });
  });

  it("leaves the build's precompressed copies out: CloudFront compresses by itself", () => {
    const built = synthesize({ spaDistDir: fakeSpaBuild() });
    const outdir = built.app.synth().directory;
    const uploaded = deployments(built.template).flatMap((deployment) =>
      (deployment.Properties.SourceObjectKeys as unknown[])
        .filter((key): key is string => typeof key === 'string' && key.endsWith('.zip'))
        .flatMap((key) =>
          readdirSync(join(outdir, `asset.${key.replace(/\.zip$/, '')}`), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => entry.name),
        ),
    );
    expect(uploaded.sort()).toEqual(['config.json', 'favicon.svg', 'index-3f2a1b.js', 'index.html', 'manifest.webmanifest', 'sw.js']);
  });
});

describe('stack outputs', () => {
  it('give the site URL (and the distribution domain a custom domain points at), the user pool and client ids, the API URL, the table name and the functions the deploy invokes', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual(
      ['ApiUrl', 'DistributionDomainName', 'PagesPublisherFunctionName', 'PhotoResizerFunctionName', 'SiteUrl', 'TableName', 'UserPoolClientId', 'UserPoolId'].sort(),
    );
  });
});
