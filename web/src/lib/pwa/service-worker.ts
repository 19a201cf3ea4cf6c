/**
 * The service worker's registration (web/src/sw.ts) and its update (issue 34). A new version is
 * installed in the background and waits; the app says 'Nouvelle version disponible' and applies it
 * only when asked ('Mettre à jour') — otherwise it takes over at the next visit, when no tab of
 * the old one is left. The prompt is never shown while a payment is under way (UpdatePrompt).
 */
import { createStore } from './external-store';

/** A new version is installed and waiting. */
export const updateWaiting = createStore(false);

/** The worker's registration, once registered. */
let registered: ServiceWorkerRegistration | null = null;

/**
 * A new version waits: the prompt shows, and the page reloads on the new version once it has taken
 * over, whether this tab's 'Mettre à jour' or another tab's made it skip waiting (as workbox-window
 * did for vite-plugin-pwa's `registerSW`, which this replaces: ~2 KB gzip less on every first page).
 */
function newVersionWaits(): void {
  if (updateWaiting.get()) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  updateWaiting.set(true);
}

/** Watches for a new version: one already waiting, or one installed later next to the active one. */
function watchForNewVersion(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && registration.active) newVersionWaits();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    // The first install has no active version beside it: it takes over at once, nothing waits.
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.active) newVersionWaits();
    });
  });
}

/** The chunks fetched before the worker controlled this page: it keeps them for offline use. */
function handOverLoadedAssets(registration: ServiceWorkerRegistration): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin === location.origin && new URL(name).pathname.startsWith('/assets/'));
  registration.active?.postMessage({ type: 'KEEP_ASSETS', urls });
}

/** Registers the worker once the page has loaded (it must not compete with the first screen). */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const controlledAtStart = Boolean(navigator.serviceWorker.controller);
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', type: 'classic' })
      .then((registration) => {
        registered = registration;
        watchForNewVersion(registration);
        if (!controlledAtStart) void navigator.serviceWorker.ready.then(handOverLoadedAssets);
      })
      // No worker (a private window that refuses it…): the app works without its offline copies.
      .catch((error: unknown) => console.warn(error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** 'Mettre à jour': the waiting version takes over and the page reloads on it. */
export async function updateNow(): Promise<void> {
  updateWaiting.set(false);
  // The worker (web/src/sw.ts) skips waiting on this message; 'controllerchange' then reloads the page.
  registered?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
