/**
 * 'Installer Kalan' (issue 34). Chrome on Android fires `beforeinstallprompt` when the app is
 * installable; the event is kept (its own mini-bar suppressed) and offered at a moment the person
 * has seen what Kalan is for: after a first search with results, or a first booking. Dismissed or
 * installed, it is not offered again on this device.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from './external-store';

/** Chrome's event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const REMEMBERED_KEY = 'kalan.install';

const deferred = createStore<InstallPromptEvent | null>(null);
const momentReached = createStore(false);
const remembered = createStore<string | null>(readRemembered());

function readRemembered(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_KEY);
  } catch {
    return null;
  }
}

function remember(outcome: 'dismissed' | 'installed'): void {
  try {
    localStorage.setItem(REMEMBERED_KEY, outcome);
  } catch {
    // Private browsing without storage: it is offered again next time, nothing worse.
  }
  remembered.set(outcome);
}

/** Listens from the start: the event fires once, soon after the page loads. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    deferred.set(null);
    remember('installed');
  });
}

/** A moment to offer installing: a first search with results, a first booking. */
export function markInstallMoment(): void {
  momentReached.set(true);
}

export function useInstallOffer(): { offered: boolean; install: () => Promise<void>; dismiss: () => void } {
  const event = useSyncExternalStore(deferred.subscribe, deferred.get);
  const moment = useSyncExternalStore(momentReached.subscribe, momentReached.get);
  const outcome = useSyncExternalStore(remembered.subscribe, remembered.get);
  return {
    offered: Boolean(event) && moment && outcome === null,
    install: async () => {
      if (!event) return;
      deferred.set(null);
      await event.prompt();
      const choice = await event.userChoice;
      remember(choice.outcome === 'accepted' ? 'installed' : 'dismissed');
    },
    dismiss: () => remember('dismissed'),
  };
}
