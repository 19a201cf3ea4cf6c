/**
 * Where the pre-rendered pages live (issue 17): in the site bucket, each under the very key of
 * its path (`/tutors/<id>` → `tutors/<id>`), so that CloudFront and the local router serve a path
 * from the key of the same name, with no mapping. Shared with CDK (the behaviours, the deployment
 * that must not prune them, the indexer's grant) and the local router. No imports: cheap to load.
 */

/** The SPA's entry, which each tutor page is made from (the deployed build's own). */
export const SHELL_KEY = 'index.html';

/** The folders of the pages, as paths' first segment and as key prefixes. */
export const TUTOR_PAGES_PREFIX = 'tutors/';
export const TOWN_SUBJECT_PAGES_PREFIX = 'repetiteurs/';
export const SITEMAP_KEY = 'sitemap.xml';
export const ROBOTS_KEY = 'robots.txt';

/** Every key the pages' publisher writes or deletes: the patterns of its grant and of the deployment's exclusions. */
export const PAGE_KEY_PATTERNS = [`${TUTOR_PAGES_PREFIX}*`, `${TOWN_SUBJECT_PAGES_PREFIX}*`, SITEMAP_KEY, ROBOTS_KEY] as const;

/** A path of the site → its page's key; null for a path no page is published under. */
export function pageKeyOf(pathname: string): string | null {
  const key = pathname.replace(/^\//, '');
  if (key.includes('..') || key.includes('//')) return null;
  if (key === SITEMAP_KEY || key === ROBOTS_KEY) return key;
  if (/^tutors\/[^/]+$/.test(key) || /^repetiteurs\/[^/]+\/[^/]+$/.test(key)) return key;
  return null;
}

/**
 * A page's path written with a trailing slash (`/tutors/<id>/`, as people paste it) → the page's
 * own path, which the site moves it to (301); null for any other path. The local router's side of
 * SITE_ROUTING_CODE (infra/lib/web.ts), which cannot import this.
 */
export function pagePathOfSlashed(pathname: string): string | null {
  if (!pathname.endsWith('/')) return null;
  const path = pathname.slice(0, -1);
  const key = pageKeyOf(path);
  return key?.startsWith(TUTOR_PAGES_PREFIX) || key?.startsWith(TOWN_SUBJECT_PAGES_PREFIX) ? path : null;
}

/** How long a browser keeps the move from a page's slashed address (permanent, but not forever if it ever changes). */
export const SLASHED_PAGE_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Pages are revalidated on every view (as index.html): a tutor who hides the profile, or loses
 * the verification, leaves the edges as soon as the next snapshot rewrote the page, without an
 * invalidation. A revalidation is a conditional GET to S3 (a 304 most of the time).
 */
export const PAGE_CACHE_CONTROL = 'no-cache';

/** The publisher's own record of what it wrote (in the private catalogue bucket, never served). */
export const PAGES_MANIFEST_KEY = 'catalogue/pages.json.gz';

/** The stack output naming the function that publishes the pages (the indexer), which the deploy invokes. */
export const PAGES_PUBLISHER_OUTPUT = 'PagesPublisherFunctionName';
