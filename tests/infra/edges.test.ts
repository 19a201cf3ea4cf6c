/** The edges (issue 12, point 2): WAF on CloudFront and Cognito, per-route throttles, security headers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routeKey, routes, type RouteDefinition } from '#shared/routes';
import { PUBLIC_API_PREFIX } from '#shared/visitors';
import { messages } from '#shared/messages';
import { PUBLIC_API_THROTTLE, STAGE_THROTTLE } from '../../infra/lib/api.js';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { stageFrom } from '../../infra/lib/stage.js';
import { RATE_LIMITS } from '../../infra/lib/waf.js';
import { stacksToDeploy } from '../../infra/scripts/deploy/preflight.js';
import { stageSettings } from '../../infra/stages.js';
import { type CfnResource, logicalId, synthesize } from './synthesize.js';

const pinned = synthesize({ stage: stageFrom({ ...stageSettings('dev'), name: 'dev-edges', account: '123456789012', region: 'eu-west-3' }) });
const edgeStack = pinned.stack.node.scope!.node.tryFindChild(`${pinned.stack.stackName}-edge`);
const edgeTemplate = Template.fromStack(edgeStack as never);
const { template } = pinned;

function ruleNames(acl: CfnResource): string[] {
  return (acl.Properties.Rules as Array<{ Name: string }>).map((rule) => rule.Name);
}

describe('WAF', () => {
  it('puts a CLOUDFRONT ACL in a us-east-1 stack, with the managed common and known-bad-input rules and three rate rules', () => {
    expect((edgeStack as { region?: string }).region).toBe('us-east-1');
    const [acl] = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL')) as CfnResource[];
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    expect(ruleNames(acl!)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'RateLimitSensitivePerIp',
      'RateLimitPublicApiPerIp',
      'RateLimitPerIp',
    ]);
    const [, , sensitive, publicApi, general] = acl!.Properties.Rules as Array<Record<string, any>>;
    expect(general!.Statement.RateBasedStatement).toMatchObject({ Limit: RATE_LIMITS.perIp, AggregateKeyType: 'IP' });
    // The tight limit applies to the webhook paths only, and is tighter than the general one.
    expect(sensitive!.Statement.RateBasedStatement).toMatchObject({
      Limit: RATE_LIMITS.sensitivePerIp,
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/webhooks/', PositionalConstraint: 'STARTS_WITH' } },
    });
    expect(RATE_LIMITS.sensitivePerIp).toBeLessThan(RATE_LIMITS.perIp);
    // The visitors' API (issue 17): its own limit per address, on its paths only.
    expect(publicApi!.Statement.RateBasedStatement).toEqual({
      Limit: RATE_LIMITS.publicApiPerIp,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: PUBLIC_API_PREFIX,
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
    });
    expect(RATE_LIMITS.publicApiPerIp).toBeLessThan(RATE_LIMITS.perIp);
    // Over a limit: 429 and the API's French error (the SPA shows it), as the local router sends it.
    const tooMany = { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } };
    for (const rule of [sensitive, publicApi, general]) expect(rule!.Action, rule!.Name).toEqual(tooMany);
    expect(acl!.Properties.CustomResponseBodies).toEqual({
      TooManyRequests: {
        ContentType: 'APPLICATION_JSON',
        Content: JSON.stringify({ error: { code: 'too_many_requests', message: messages.http.tooManyRequests } }),
      },
    });
  });

  it('attaches the CloudFront ACL to the distribution (which also fronts the API under /api/*)', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as CfnResource[];
    // A cross-region reference: read from the edge stack's export at deploy time.
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/CloudFrontAcl|Reader|ExportsReader/);
    const apiBehavior = (distribution!.Properties.DistributionConfig.CacheBehaviors as Array<{ PathPattern: string }>).find(
      (behavior) => behavior.PathPattern === '/api/*',
    );
    expect(apiBehavior).toBeDefined();
  });

  it('attaches a REGIONAL ACL, rate-limited as sign-up-like calls, to the Cognito user pool', () => {
    const acls = Object.entries(template.findResources('AWS::WAFv2::WebACL')) as Array<[string, CfnResource]>;
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const sensitive = (acl.Properties.Rules as Array<Record<string, any>>).find((rule) => rule.Name === 'RateLimitSensitivePerIp');
    expect(sensitive!.Statement.RateBasedStatement).toEqual({ Limit: RATE_LIMITS.sensitivePerIp, AggregateKeyType: 'IP' });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalId(pinned.stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it('warns, and deploys no CloudFront ACL, when the stage does not pin its region (dev: one stack, deployed alone)', () => {
    const unpinned = synthesize({ stage: 'dev' });
    expect(unpinned.app.node.children.filter(Stack.isStack).map((stack) => stack.stackName)).toEqual(['Kalan-dev']);
    expect(stacksToDeploy(stageSettings('dev'))).toEqual(['Kalan-dev']);
    // Read from the construct's metadata: Annotations.fromStack would synthesize (and run the aspects) again.
    const warnings = unpinned.stack.web.distribution.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning');
    expect(warnings.map((entry) => String(entry.data))).toContainEqual(expect.stringMatching(/No CloudFront WAF ACL/));
    const [distribution] = Object.values(unpinned.template.findResources('AWS::CloudFront::Distribution')) as CfnResource[];
    expect(distribution!.Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});

/**
 * Issue 28: production deployed without its CloudFront ACL (prod pinned no region, so the edge
 * stack was left out). Asserted on the app `cdk synth -c stage=prod` builds.
 */
describe("production's CloudFront WAF", () => {
  const prod = synthesize({ stage: 'prod' });
  const stacks = prod.app.node.children.filter(Stack.isStack);
  const edge = stacks.find((stack) => stack.stackName === 'Kalan-prod-edge');

  it('is in its own us-east-1 stack, on which the eu-west-3 stack depends, and which `npm run deploy` deploys first', () => {
    expect(stacks.map((stack) => [stack.stackName, stack.region])).toEqual([
      ['Kalan-prod-edge', 'us-east-1'],
      ['Kalan-prod', 'eu-west-3'],
    ]);
    expect(prod.stack.dependencies).toEqual([edge]);
    expect(stacksToDeploy(stageSettings('prod'))).toEqual(stacks.map((stack) => stack.stackName));
  });

  it('is a CLOUDFRONT ACL with the rate rules of the visitors API and of the webhooks', () => {
    const acls = Object.values(Template.fromStack(edge!).findResources('AWS::WAFv2::WebACL')) as CfnResource[];
    expect(acls.map((acl) => acl.Properties.Scope)).toEqual(['CLOUDFRONT']);
    const scopedTo = (name: string) =>
      (acls[0]!.Properties.Rules as Array<Record<string, any>>).find((rule) => rule.Name === name)!.Statement.RateBasedStatement;
    expect(scopedTo('RateLimitPublicApiPerIp')).toMatchObject({ Limit: RATE_LIMITS.publicApiPerIp, ScopeDownStatement: { ByteMatchStatement: { SearchString: PUBLIC_API_PREFIX } } });
    expect(scopedTo('RateLimitSensitivePerIp')).toMatchObject({ Limit: RATE_LIMITS.sensitivePerIp, ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/webhooks/' } } });
    expect(scopedTo('RateLimitPerIp')).toEqual({ Limit: RATE_LIMITS.perIp, AggregateKeyType: 'IP' });
  });

  it("is the prod distribution's web ACL: the ARN the edge stack exports, read back in eu-west-3", () => {
    const [distribution] = Object.values(prod.template.findResources('AWS::CloudFront::Distribution')) as CfnResource[];
    const webAclId = distribution!.Properties.DistributionConfig.WebACLId;
    expect(webAclId).toEqual({ 'Fn::GetAtt': [expect.any(String), expect.stringMatching(/^\/cdk\/exports\/Kalan-prod\//)] });
    const edgeTemplate = Template.fromStack(edge!);
    const [aclId] = Object.keys(edgeTemplate.findResources('AWS::WAFv2::WebACL'));
    // The edge stack writes the ACL's ARN to an SSM parameter of eu-west-3…
    const [writer] = Object.values(edgeTemplate.findResources('Custom::CrossRegionExportWriter')) as CfnResource[];
    expect(writer!.Properties.WriterProps.region).toBe('eu-west-3');
    const exported = Object.entries(writer!.Properties.WriterProps.exports as Record<string, unknown>);
    expect(exported).toEqual([[expect.stringMatching(/^\/cdk\/exports\/Kalan-prod\//), { 'Fn::GetAtt': [aclId, 'Arn'] }]]);
    // …which the prod stack reads, and gives the distribution as its web ACL.
    const [readerId, parameter] = webAclId['Fn::GetAtt'];
    expect(parameter).toBe(exported[0]![0]);
    const reader = prod.template.findResources('Custom::CrossRegionExportReader')[readerId] as CfnResource;
    expect(Object.keys(reader.Properties.ReaderProps.imports)).toEqual([parameter]);
    // No warning about a missing ACL, and no acknowledged "no WAF" finding.
    const warnings = prod.stack.web.distribution.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning');
    expect(warnings.map((entry) => String(entry.data))).not.toContainEqual(expect.stringMatching(/No CloudFront WAF/));
  });

  it('cannot be left out of a production stage built by hand without a region', () => {
    const { region, ...settings } = stageSettings('prod');
    expect(region).toBeDefined();
    expect(() => synthesize({ stage: stageFrom({ ...settings, name: 'prod' }) })).toThrow(/need CloudFront's WAF ACL, so a pinned region/);
  });

  it('leaves no unacknowledged cdk-nag finding in the edge stack', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(edge!);
    expect(report.violations.flatMap((violation) => violation.violatingResources.map((r) => `${violation.ruleName} at ${r.constructPath}`))).toEqual([]);
  });
});

describe('API Gateway throttling', () => {
  // The HTTP API's stage (the messages' WebSocket API has its own: tests/infra/realtime.test.ts).
  const [stage] = (Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as CfnResource[]).filter(
    (candidate) => candidate.Properties.ApiId?.Ref === logicalId(pinned.stack.api.httpApi),
  );

  it('keeps the stage-wide ceiling', () => {
    expect(stage!.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
    });
  });

  it('throttles the public routes (webhook, visitors) and the payment initialisation tighter, per route', () => {
    const settings = stage!.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const publicRoutes = (Object.values(routes) as RouteDefinition[]).filter((route) => route.auth !== 'jwt');
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of [...publicRoutes, routes.initializePayment as RouteDefinition]) {
      const limit = settings[routeKey(route)];
      expect(limit, routeKey(route)).toBeDefined();
      expect(limit!.ThrottlingRateLimit).toBeLessThan(STAGE_THROTTLE.rateLimit);
      expect(limit!.ThrottlingBurstLimit).toBeLessThan(STAGE_THROTTLE.burstLimit);
    }
    // The visitors' routes (issue 17): their own limit, half the stage's, for all visitors together.
    const visitorRoutes = (Object.values(routes) as RouteDefinition[]).filter((route) => route.path.startsWith(PUBLIC_API_PREFIX));
    expect(visitorRoutes.map(routeKey).sort()).toEqual(['GET /api/public/tutors', 'GET /api/public/tutors/{id}']);
    for (const route of visitorRoutes) {
      expect(settings[routeKey(route)], routeKey(route)).toEqual({
        ThrottlingRateLimit: PUBLIC_API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: PUBLIC_API_THROTTLE.burstLimit,
      });
    }
    // Every key names a route of the API, which exists before the stage.
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Route', { ApiId: { Ref: logicalId(pinned.stack.api.httpApi) }, RouteKey: Match.anyValue() }, Object.keys(routes).length);
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => (r as CfnResource).Properties.RouteKey);
    for (const key of Object.keys(settings)) expect(routeKeys).toContain(key);
  });
});

describe('security headers', () => {
  const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as CfnResource[];
  const headers = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
  const csp = JSON.stringify(pinned.stack.resolve(headers.ContentSecurityPolicy.ContentSecurityPolicy));

  it('sends a strict CSP (no inline or eval scripts, no framing), HSTS, nosniff, DENY and a referrer policy', () => {
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
  });

  it('applies the policy to the SPA and to the API behaviours', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as CfnResource[];
    const config = distribution!.Properties.DistributionConfig;
    const policyId = Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('matches a SPA with no inline script (the CSP would block one)', () => {
    const html = readFileSync(join(REPO_ROOT, 'web', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
