/**
 * Mounts the real-time client (realtime.ts) once per tab for a signed-in parent or tutor (the two
 * sides of a conversation), and turns its events into react-query invalidations. The client's
 * code is fetched only for them: a visitor's or an admin's first page does not carry it. Whether
 * the socket is open is a small store, not a context: the router mounts <RealtimeConnection />
 * beside the routes, and any screen reads useRealtimeOpen().
 */
import type { RealtimeEvent } from '#shared/messaging';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { loadAmplify } from './amplify';
import { useAuth } from './auth';
import { getRuntimeConfig } from './config';

let socketOpen = false;
const listeners = new Set<() => void>();

function setSocketOpen(open: boolean): void {
  if (socketOpen === open) return;
  socketOpen = open;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether this tab's socket is open. While it is not, the messages screens poll
 * (CONVERSATION_POLL_SECONDS, CONVERSATIONS_POLL_SECONDS) and say so discreetly.
 */
export function useRealtimeOpen(): boolean {
  return useSyncExternalStore(subscribe, () => socketOpen);
}

async function accessToken(fresh: boolean): Promise<string | undefined> {
  const { fetchAuthSession } = await loadAmplify();
  const { tokens } = await fetchAuthSession({ forceRefresh: fresh });
  return tokens?.accessToken?.toString();
}

/** An event: that conversation's messages and every list of conversations are read again (not the other conversations' messages). */
function invalidateFor(queryClient: QueryClient, event: RealtimeEvent, root: string): void {
  if (event.type === 'pong') return;
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === root && (queryKey[1] !== 'messages' || queryKey[2] === event.conversation_id),
  });
}

/** Renders nothing: keeps the socket of the signed-in parent or tutor, closes it at sign-out. */
export function RealtimeConnection() {
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const userId = profile && (profile.role === 'parent' || profile.role === 'tuteur') ? profile.user_id : null;

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./realtime').then(({ conversationsQueryKeys, realtimeEndpoint, startRealtimeClient }) => {
      if (cancelled) return;
      const [root] = conversationsQueryKeys.all;
      stop = startRealtimeClient({
        endpoint: realtimeEndpoint(getRuntimeConfig().realtimeUrl, window.location),
        accessToken,
        onEvent: (event) => invalidateFor(queryClient, event, root),
        onOpenChange: (open) => {
          setSocketOpen(open);
          // What happened while it was closed was not pushed: read it once now.
          if (open) void queryClient.invalidateQueries({ queryKey: conversationsQueryKeys.all });
        },
      }).stop;
    });
    return () => {
      cancelled = true;
      stop?.();
      setSocketOpen(false);
    };
  }, [userId, queryClient]);

  return null;
}
