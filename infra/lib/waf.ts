/**
 * AWS WAF for Kalan's two public doors (docs/decisions.md, "Edges"):
 * - CloudFront, which serves the SPA and, under `/api/*`, the HTTP API. WAF cannot attach to an
 *   API Gateway HTTP API (v2), only to REST APIs, CloudFront, ALBs, AppSync and Cognito user pools,
 *   so the CloudFront ACL is the API's WAF. A CLOUDFRONT-scope ACL must live in us-east-1: it is in
 *   its own small stack (`EdgeStack`), whose ARN the main stack reads as a cross-region reference.
 * - The Cognito user pool, which the browser calls directly (sign-up, sign-in, codes): a REGIONAL
 *   ACL in the main stack, with the tighter rate limit meant for sign-up-like calls.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { PUBLIC_API_PREFIX, PUBLIC_API_RATE_LIMIT, tooManyRequestsBody } from '#shared/visitors';
import type { Stage } from './stage.js';

/**
 * Requests per IP over WAF's 5-minute window. The general limit is far above a person browsing
 * (a page load is a handful of API calls); the tight one bounds sign-up/sign-in attempts and
 * webhook floods, which no honest client sends more than a few times in five minutes. The
 * visitors' API (issue 17) has its own (`PUBLIC_API_RATE_LIMIT`, which the local router applies too).
 */
export const RATE_LIMITS = { perIp: 2000, sensitivePerIp: 300, publicApiPerIp: PUBLIC_API_RATE_LIMIT.requests } as const;

/** The public, unauthenticated API paths a flood would aim at (behind CloudFront). */
export const SENSITIVE_API_PATH_PREFIXES = ['/api/webhooks/'] as const;

/** The visitors' API (no session: the public search and profiles). */
export const PUBLIC_API_PATH_PREFIXES = [PUBLIC_API_PREFIX] as const;

/** What a request over a rate limit gets: 429 and the API's French error, as the local router sends it. */
const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';
const customResponseBodies: Record<string, CfnWebACL.CustomResponseBodyProperty> = {
  [TOO_MANY_REQUESTS_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(tooManyRequestsBody) },
};

type Rule = CfnWebACL.RuleProperty;

function managedRuleGroup(name: string, priority: number): Rule {
  return {
    name,
    priority,
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  };
}

function rateRule(name: string, priority: number, limit: number, scopeDownStatement?: CfnWebACL.StatementProperty): Rule {
  return {
    name,
    priority,
    statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', scopeDownStatement } },
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS_BODY } } },
    visibilityConfig: visibility(name),
  };
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function startsWithAny(prefixes: readonly string[]): CfnWebACL.StatementProperty {
  const statements = prefixes.map((prefix) => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

export interface KalanWebAclProps {
  readonly stage: Stage;
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Paths that get the tight rate limit; none: every request counts (the user pool's ACL). */
  readonly sensitivePathPrefixes?: readonly string[];
  /** The visitors' API paths, which get their own limit (the CloudFront ACL only). */
  readonly publicApiPathPrefixes?: readonly string[];
}

/** Managed common and known-bad-input rules, then the rate rules (tight first). */
export class KalanWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: KalanWebAclProps) {
    super(scope, id);
    const { stage, sensitivePathPrefixes, publicApiPathPrefixes } = props;
    const name = `kalan-${stage.name}-${props.scope.toLowerCase()}`;
    const rateRules = [
      sensitivePathPrefixes?.length
        ? rateRule('RateLimitSensitivePerIp', 2, RATE_LIMITS.sensitivePerIp, startsWithAny(sensitivePathPrefixes))
        : rateRule('RateLimitSensitivePerIp', 2, RATE_LIMITS.sensitivePerIp),
      ...(publicApiPathPrefixes?.length
        ? [rateRule('RateLimitPublicApiPerIp', 3, RATE_LIMITS.publicApiPerIp, startsWithAny(publicApiPathPrefixes))]
        : []),
      rateRule('RateLimitPerIp', 4, RATE_LIMITS.perIp),
    ];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies,
      rules: [
        managedRuleGroup('AWSManagedRulesCommonRuleSet', 0),
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 1),
        ...rateRules,
      ],
    });
  }

  /** Attaches this (REGIONAL) ACL to a resource such as a Cognito user pool. */
  associate(id: string, resourceArn: string): CfnWebACLAssociation {
    return new CfnWebACLAssociation(this, id, { resourceArn, webAclArn: this.webAcl.attrArn });
  }
}

export interface EdgeStackProps extends StackProps {
  readonly stage: Stage;
}

/** The us-east-1 stack of the CloudFront ACL (CloudFront reads its ACLs from there only). */
export class EdgeStack extends Stack {
  readonly cloudFrontAcl: KalanWebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.cloudFrontAcl = new KalanWebAcl(this, 'CloudFrontAcl', {
      stage: props.stage,
      scope: 'CLOUDFRONT',
      sensitivePathPrefixes: SENSITIVE_API_PATH_PREFIXES,
      publicApiPathPrefixes: PUBLIC_API_PATH_PREFIXES,
    });
  }
}
