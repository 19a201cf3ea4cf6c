/**
 * The security headers of every answer the site gives, in one place: CloudFront's response
 * headers policy (infra/lib/web.ts) and the local router (infra/local/router.ts) are both built
 * from here, so the end-to-end tests run the SPA under the very policy production sends.
 *
 * Plain data, no CDK: the local router imports it.
 */

/** Where the SPA may connect and load images from besides its own origin (Cognito, S3). */
export interface ContentSecurityPolicySources {
  /** Cognito's endpoint and the buckets the browser posts uploads to. */
  readonly connect: readonly string[];
  /** The buckets that serve presigned images (tutor photos). */
  readonly images: readonly string[];
}

/**
 * A strict policy: scripts only from the site's own files (the build has no inline script,
 * checked by tests/infra/edges.test.ts on web/index.html), no plugins, no framing, no <base>
 * hijack, forms post only to the site.
 *
 * style-src keeps 'unsafe-inline': Chakra UI styles through Emotion, which inserts <style> tags
 * at run time; a nonce would need a per-request HTML render, which a static SPA behind CloudFront
 * does not have. Inline styles cannot run code, so script injection stays blocked.
 */
export function contentSecurityPolicy(sources: ContentSecurityPolicySources): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...sources.images],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...sources.connect],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Two years, with subdomains: the value the HSTS preload list asks for. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers as the local router sends them (CloudFront sets the same through its policy). */
export function securityHeaders(sources: ContentSecurityPolicySources): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
  };
}
