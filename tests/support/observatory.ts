/**
 * Mozilla Observatory's header tests (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 * the five that a response's headers alone decide, computed locally: the security-headers figure of
 * issue 12. Cookies, redirections and SRI are out of scope (the SPA sets no cookie, is served over
 * http locally, and loads only its own scripts).
 */
export interface HeaderCheck {
  name: string;
  pass: boolean;
  detail: string;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

export function observatoryHeaderChecks(headers: Headers): HeaderCheck[] {
  const csp = headers.get('content-security-policy') ?? '';
  const parsed = directives(csp);
  const scriptSources = parsed.get('script-src') ?? parsed.get('default-src') ?? [];
  const hsts = /max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '');
  const frameAncestors = parsed.get('frame-ancestors');
  const xfo = (headers.get('x-frame-options') ?? '').toUpperCase();
  const referrer = headers.get('referrer-policy') ?? '';
  return [
    {
      name: 'content-security-policy',
      // Observatory's full marks: CSP present, no 'unsafe-inline' / 'unsafe-eval' / data: in scripts, object-src none.
      pass:
        csp !== '' &&
        scriptSources.length > 0 &&
        !scriptSources.some((source) => ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:'].includes(source)) &&
        (parsed.get('object-src') ?? parsed.get('default-src') ?? []).join(' ') === "'none'",
      detail: csp || '(absent)',
    },
    {
      name: 'strict-transport-security',
      // At least six months, Observatory's threshold.
      pass: hsts !== null && Number(hsts[1]) >= 15_768_000,
      detail: headers.get('strict-transport-security') ?? '(absent)',
    },
    {
      name: 'x-content-type-options',
      pass: (headers.get('x-content-type-options') ?? '').toLowerCase() === 'nosniff',
      detail: headers.get('x-content-type-options') ?? '(absent)',
    },
    {
      name: 'x-frame-options',
      pass: frameAncestors?.join(' ') === "'none'" || xfo === 'DENY' || xfo === 'SAMEORIGIN',
      detail: `frame-ancestors ${frameAncestors?.join(' ') ?? '(absent)'}; X-Frame-Options ${xfo || '(absent)'}`,
    },
    {
      name: 'referrer-policy',
      pass: ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer.toLowerCase()),
      detail: referrer || '(absent)',
    },
  ];
}
