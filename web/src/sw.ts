/**
 * Kalan's service worker (issue 34), built by vite-plugin-pwa's injectManifest into /sw.js.
 * - The shell (index.html, the build's scripts and styles, the icons) is precached: a repeat
 *   visit starts without the network, and every client-side route opens offline on index.html.
 *   Never /api, nor the pre-rendered visitors' pages, which are files of their own.
 * - The reads listed in lib/pwa/offline-copies.ts go to the network first; their last good answer
 *   is kept, per user, and given back when the network fails, marked with the date it was made.
 *   Every other API call, and every write, goes straight to the network: a payment is never
 *   answered from a cache nor retried from a queue.
 * - A new version waits (prompt mode): it takes over when every tab of the old one is closed,
 *   or when the user presses 'Mettre à jour' (SKIP_WAITING), never by itself mid-payment.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { subjectOf } from './lib/jwt-subject';
import { OFFLINE_COPIES_CACHE, OFFLINE_COPY_HEADER, OFFLINE_COPY_PATHS, OFFLINE_OWNER_HEADER } from './lib/pwa/offline-copies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The shell only (index.html and what it names, the icons: vite.config.ts): the screens' chunks
// are kept as they are used (below), so a first visit on a weak network downloads nothing more.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Activation is the user's choice or the next visit (prompt mode), so taking the open tabs then is
// safe; on the first install it lets the first page's next chunks go through the cache below.
clientsClaim();

/** Vite's content-hashed files: an address names one content forever. */
const ASSETS_CACHE = 'kalan-assets';

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The chunks the page loaded before this worker controlled it (lib/pwa/service-worker.ts).
  if (event.data?.type === 'KEEP_ASSETS' && Array.isArray(event.data.urls)) {
    const urls = (event.data.urls as unknown[]).filter((url): url is string => typeof url === 'string' && new URL(url, self.location.origin).pathname.startsWith('/assets/'));
    event.waitUntil(caches.open(ASSETS_CACHE).then((cache) => cache.addAll(urls)).catch(() => undefined));
  }
});

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600 })],
  }),
);

/** Paths served as files of their own, never as the SPA (CloudFront's SITE_ROUTING_CODE, the local router). */
const NOT_THE_SHELL = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/tutors\/[^/]+\/?$/, /^\/repetiteurs\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/, /^\/photos\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_SHELL }));

// The runtime settings the app reads before its first screen: the last ones work offline. Fetched
// at install too: the first page read them before this worker existed.
const CONFIG_CACHE = 'kalan-config';
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add('/config.json'))
      .catch(() => undefined),
  );
});
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: CONFIG_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// A tutor's pre-rendered page a visitor opened: readable again offline (network first, 20 kept).
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && /^\/(tutors\/[^/]+|repetiteurs\/[^/]+\/[^/]+)$/.test(url.pathname),
  new NetworkFirst({
    cacheName: 'kalan-pages',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/**
 * The user an API request is made for: the `sub` of its bearer token, read without checking the
 * signature — it only files the copy under its owner on this phone (the API checked the token when
 * it answered), so that one person's lessons are never shown to the next one signed in here.
 */
function ownerOf(request: Request): string {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  // Offline with a token past its hour, the app names the user instead (OFFLINE_OWNER_HEADER).
  const named = request.headers.get(OFFLINE_OWNER_HEADER);
  if (!token) return named && /^[\w-]{1,128}$/.test(named) ? named : 'visitor';
  return subjectOf(token) ?? 'visitor';
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && OFFLINE_COPY_PATHS.has(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_COPIES_CACHE,
    // An answer may say `Vary: Origin` and the like: the copy is found by its address and owner only.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // The last search only, not every search ever made: a few addresses per list are plenty.
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
      {
        // Filed under its owner: the token itself never enters the key (it changes every hour).
        cacheKeyWillBeUsed: async ({ request }) => {
          const key = new URL(request.url);
          key.searchParams.set('__owner', ownerOf(request));
          return key.href;
        },
        // Only reached when the network failed: the copy says when it was made.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? new Date(0).toUTCString());
          return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
        },
      },
    ],
  }),
);
