/**
 * The service worker's registration (web/src/sw.ts) and its update (issue 34). A new version is
 * installed in the background and waits; the app says 'Nouvelle version disponible' and applies it
 * only when asked ('Mettre à jour') — otherwise it takes over at the next visit, when no tab of
 * the old one is left. The prompt is never shown while a payment is under way (UpdatePrompt).
 */
import { registerSW } from 'virtual:pwa-register';
import { createStore } from './external-store';

/** A new version is installed and waiting. */
export const updateWaiting = createStore(false);

let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;

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
    applyUpdate = registerSW({
      immediate: true,
      onNeedRefresh: () => updateWaiting.set(true),
      onRegisteredSW: () => {
        if (!controlledAtStart) void navigator.serviceWorker.ready.then(handOverLoadedAssets);
      },
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** 'Mettre à jour': the waiting version takes over and the page reloads on it. */
export async function updateNow(): Promise<void> {
  updateWaiting.set(false);
  await applyUpdate?.(true);
}
