import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PHOTO_PREFIX } from '#shared/photos';
import { PAGE_KEY_PATTERNS, SHELL_KEY, SLASHED_PAGE_REDIRECT_CACHE_CONTROL, TOWN_SUBJECT_PAGES_PREFIX, TUTOR_PAGES_PREFIX } from '../../functions/src/pages/page-keys.js';
import type { RuntimeConfig } from '#shared/schemas';
import { acknowledge, nagId, nagReference } from './nag.js';
import type { KalanFunction } from './kalan-function.js';
import { isBuiltSpa } from './paths.js';
import { PrivateBucket } from './private-bucket.js';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from './security-headers.js';
import type { Stage } from './stage.js';

/** Vite's output folder for content-hashed files: safe to cache for a year. */
const HASHED_ASSETS_DIR = 'assets';

/**
 * The build's precompressed copies, for the local server (web/vite.config.ts). CloudFront
 * compresses by itself (CACHING_OPTIMIZED accepts brotli and gzip; behaviours compress by
 * default), so they are not uploaded.
 */
const PRECOMPRESSED = ['*.br', '*.gz'];

/**
 * The site's routing at the edge, one function for every behaviour, on viewer request (no Lambda
 * on a page view):
 * - client-side routes (`/search`, `/cours`) have no file in the bucket, so any path whose last
 *   segment has no extension is served the SPA's index.html. Done per request, not with
 *   distribution-wide error responses, which would also turn the API's own 403/404 answers under
 *   `/api/*` into index.html. A published page's path (`/tutors/<id>`,
 *   `/repetiteurs/<subject>/<zone>`: functions/src/pages/page-keys.ts) is left as it is: its key in
 *   the bucket is the path itself.
 * - a page's path written with a trailing slash (`/tutors/<id>/`, as people paste it) is sent on,
 *   permanently, to the page's own address (its canonical URL), query string kept: a link preview
 *   or a crawler following it reads the page, never the noindex shell.
 * No viewer-response side: CloudFront does not invoke edge functions for viewer responses when the
 * origin answers 400 or more (S3's 403 for a page not published), so it could never turn that
 * answer into anything (docs/decisions.md, issue 28).
 */
export const SITE_ROUTING_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var slashed = /^\\/(tutors\\/[^\\/]+|repetiteurs\\/[^\\/]+\\/[^\\/]+)\\/$/.exec(uri);
  if (slashed) {
    var query = [];
    for (var name in request.querystring) {
      var param = request.querystring[name];
      var values = param.multiValue ? param.multiValue : [param];
      for (var i = 0; i < values.length; i++) query.push(name + (values[i].value === '' ? '' : '=' + values[i].value));
    }
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: '/' + slashed[1] + (query.length ? '?' + query.join('&') : '') },
        'cache-control': { value: '${SLASHED_PAGE_REDIRECT_CACHE_CONTROL}' }
      }
    };
  }
  var page = /^\\/(tutors\\/[^\\/]+|repetiteurs\\/[^\\/]+\\/[^\\/]+)$/.test(uri);
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (!page && lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface WebProps {
  readonly stage: Stage;
  /** Hostname of the HTTP API, served under `/api/*` on the site's own origin. */
  readonly apiDomainName: string;
  readonly accessLogs: IBucket;
  /** Written to `/config.json` at deploy time and read by the SPA at start-up. */
  readonly runtimeConfig: RuntimeConfig;
  /** The SPA build (`web/dist`); deployed only if it holds an index.html. */
  readonly spaDistDir: string;
  /** The CLOUDFRONT-scope WAF ACL (infra/lib/waf.ts), from the us-east-1 edge stack. */
  readonly webAclArn?: string;
  /** The profile photos' variants (infra/lib/data.ts), served under `/photos/*`. */
  readonly photos: IBucket;
  /** The messages' WebSocket API (`wss://<id>.execute-api…`, infra/lib/realtime.ts): the CSP lets the SPA connect to it. */
  readonly realtimeOrigin: string;
}

/**
 * How long an edge keeps a photo variant: a day at most, whatever the variant's own
 * `Cache-Control` (a year, immutable, which CloudFront passes on to browsers). A deleted account's
 * photos leave the edges within a day without an invalidation; a miss costs one S3 GET.
 */
export const PHOTOS_EDGE_MAX_TTL = Duration.days(1);

/** The site: the SPA in a private bucket behind CloudFront, which also fronts the API. */
export class Web extends Construct {
  readonly siteBucket: PrivateBucket;
  readonly distribution: Distribution;
  /** `https://<distribution domain>`: the only origin the browser ever talks to. */
  readonly siteOrigin: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { stage, apiDomainName, accessLogs, runtimeConfig, spaDistDir, webAclArn, photos } = props;

    this.siteBucket = new PrivateBucket(this, 'SiteBucket', {
      stage,
      accessLogs: { bucket: accessLogs, prefix: 's3/site/' },
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(SITE_ROUTING_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: "Serves index.html for client-side routes; a page's address with a trailing slash moves to its own",
    });

    // A custom domain (infra/stages.ts) needs its us-east-1 certificate; the DNS record pointing
    // at the distribution (output DistributionDomainName) is the domain owner's to create.
    const { domain } = stage;
    const responseHeadersPolicy = securityHeadersPolicy(this, props.realtimeOrigin);
    const photosCachePolicy = new CachePolicy(this, 'PhotosCache', {
      comment: 'Kalan: tutor photo variants (immutable URLs); no cookie, header or query string in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: PHOTOS_EDGE_MAX_TTL,
      maxTtl: PHOTOS_EDGE_MAX_TTL,
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
    });
    // One origin (and one origin access control) for the SPA and the pages: the same bucket.
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    // The pre-rendered pages (functions/src/pages), under their own paths in the site bucket:
    // S3 straight through CloudFront, revalidated on every view (their Cache-Control, no-cache).
    // sitemap.xml and robots.txt have an extension: the default behaviour serves them as files.
    const pageBehaviour = {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Kalan ${stage.name}`,
      webAclId: webAclArn,
      ...(domain && {
        domainNames: [domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`/${TUTOR_PAGES_PREFIX}*`]: pageBehaviour,
        [`/${TOWN_SUBJECT_PAGES_PREFIX}*`]: pageBehaviour,
        // The profile photos' variants, from their own bucket through an origin access control:
        // only that bucket is reachable, never the originals' (tutor images) nor the KYC bucket.
        [`/${PHOTO_PREFIX}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(photos),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: photosCachePolicy,
          // WebP is compressed already.
          compress: false,
          responseHeadersPolicy,
        },
        '/api/*': {
          origin: new HttpOrigin(apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // API answers are per user: never cache them.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forward the Authorization header and the query string, but not the viewer's Host:
          // API Gateway routes by its own hostname.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy,
        },
      },
    });
    this.siteOrigin = `https://${domain?.name ?? this.distribution.distributionDomainName}`;
    acknowledgeDistributionFindings(this.distribution, domain === undefined, webAclArn !== undefined);

    this.deployContent(this.siteBucket, runtimeConfig, spaDistDir);
  }

  /**
   * The pages' publisher (the indexer, functions/src/pages/publish.ts): reads the deployed
   * index.html, writes and deletes the pages' keys only; ListBucket so that a missing object is a
   * 404 (no SPA deployed yet), not a 403. The canonical URLs' origin is the site's.
   */
  grantPages(fn: KalanFunction): void {
    const access = fn.permissions.buckets?.sitePages;
    if (!access) throw new Error(`${fn.handlerModule} does not declare buckets.sitePages in infra/lib/permissions.ts`);
    const pages = PAGE_KEY_PATTERNS.map((pattern) => this.siteBucket.arnForObjects(pattern));
    fn.addEnvironment('SITE_BUCKET', this.siteBucket.bucketName);
    fn.addEnvironment('SITE_URL', this.siteOrigin);
    if (access.includes('read')) fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.siteBucket.arnForObjects(SHELL_KEY)] }));
    const writes = access.flatMap((a) => (a === 'write' ? ['s3:PutObject'] : a === 'delete' ? ['s3:DeleteObject'] : []));
    if (writes.length) fn.addToRolePolicy(new PolicyStatement({ actions: writes, resources: pages }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.siteBucket.bucketArn] }));
    acknowledge(
      fn,
      "The pages are named by tutor id and by town × subject: their folders' keys, not one object.",
      ...[TUTOR_PAGES_PREFIX, TOWN_SUBJECT_PAGES_PREFIX].map((prefix) => `AwsSolutions-IAM5[Resource::${nagReference(this.siteBucket)}/${prefix}*]`),
    );
    fn.markGranted('buckets.sitePages');
  }

  /**
   * Two deployments, because the files need different caching: content-hashed assets are
   * immutable, while index.html and config.json must be revalidated on every load.
   */
  private deployContent(siteBucket: IBucket, runtimeConfig: RuntimeConfig, spaDistDir: string): void {
    const spaBuilt = isBuiltSpa(spaDistDir);
    if (!spaBuilt) {
      Annotations.of(this).addInfo(
        `${join(spaDistDir, 'index.html')} not found: deploying /config.json only (run \`npm run build\` first to deploy the SPA).`,
      );
    }

    const hashedAssets = join(spaDistDir, HASHED_ASSETS_DIR);
    const assetsDeployment =
      spaBuilt && existsSync(hashedAssets)
        ? new BucketDeployment(this, 'DeployHashedAssets', {
            destinationBucket: siteBucket,
            destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
            sources: [Source.asset(hashedAssets, { exclude: PRECOMPRESSED })],
            // Tabs still running the previous version keep loading their chunks.
            prune: false,
            cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          })
        : undefined;

    const entryDeployment = new BucketDeployment(this, 'DeploySiteEntry', {
      destinationBucket: siteBucket,
      sources: [
        ...(spaBuilt ? [Source.asset(spaDistDir, { exclude: [`${HASHED_ASSETS_DIR}/**`, 'config.json', ...PRECOMPRESSED] })] : []),
        Source.jsonData('config.json', runtimeConfig),
      ],
      // Pruning removes files dropped from the build, never the hashed assets nor the pages the
      // indexer publishes; and without a build to deploy, nothing is pruned, so a config-only
      // deploy leaves the live SPA in place.
      prune: spaBuilt,
      exclude: [`${HASHED_ASSETS_DIR}/*`, ...PAGE_KEY_PATTERNS],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // A new index.html must never reference chunks that are not uploaded yet.
    if (assetsDeployment) entryDeployment.node.addDependency(assetsDeployment);
    acknowledgeDeploymentHandlerFindings(entryDeployment, siteBucket);
  }
}

/**
 * The headers of infra/lib/security-headers.ts (the local router sends the same). The browser
 * talks to Cognito and posts uploads to / reads images from the stage's S3 buckets, and keeps a
 * socket open to the messages' WebSocket API.
 */
function securityHeadersPolicy(scope: Construct, realtimeOrigin: string): ResponseHeadersPolicy {
  const { region, urlSuffix } = Stack.of(scope);
  const buckets = `https://*.s3.${region}.${urlSuffix}`;
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'Kalan: CSP, HSTS, nosniff, no framing, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          connect: [`https://cognito-idp.${region}.${urlSuffix}`, buckets, realtimeOrigin],
          images: [buckets],
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
  });
}

function acknowledgeDistributionFindings(distribution: Distribution, defaultDomain: boolean, hasWaf: boolean): void {
  if (defaultDomain) {
    acknowledge(distribution, 'No custom domain for this stage: the default *.cloudfront.net certificate sets the TLS policy.', 'AwsSolutions-CFR4');
  }
  acknowledge(distribution, 'The marketplace is open to families abroad (diaspora): no geographic restriction.', 'AwsSolutions-CFR1');
  if (!hasWaf) {
    acknowledge(
      distribution,
      "No CloudFront WAF: the stage does not pin its region, which the us-east-1 ACL's cross-region reference needs (docs/decisions.md, Edges).",
      'AwsSolutions-CFR2',
    );
    Annotations.of(distribution).addWarningV2(
      'kalan:no-cloudfront-waf',
      'No CloudFront WAF ACL: set the stage region in infra/stages.ts to deploy one (us-east-1 edge stack).',
    );
  }
}

/** BucketDeployment's handler is CDK's own singleton: its runtime and policy are not ours to shape. */
function acknowledgeDeploymentHandlerFindings(deployment: BucketDeployment, siteBucket: IBucket): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  acknowledge(handler, 'CDK-managed BucketDeployment handler; CDK chooses and updates its runtime.', 'AwsSolutions-L1');
  acknowledge(
    handler,
    'CDK-generated BucketDeployment policy: read the staged asset, sync (put/delete) into the site bucket, invalidate the distribution (CreateInvalidation has no resource-level scoping).',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    nagId(handler, 'AwsSolutions-IAM5[Resource::arn:{partition}:s3:::cdk-hnb659fds-assets-{account}-{region}/*]'),
    `AwsSolutions-IAM5[Resource::${nagReference(siteBucket)}/*]`,
    'AwsSolutions-IAM5[Resource::*]',
  );
}
