/**
 * The real-time client of messages (issue 31): one WebSocket per signed-in tab, to the cloud's
 * WebSocket API (`realtimeUrl` of /config.json) or, locally, to `/ws` on the page's origin — the
 * same protocol (shared/messaging.ts: `?token=<Cognito access token>`, `{"action":"ping"}`,
 * RealtimeEvent frames). An event only says that something changed: the screens read the API again
 * (the socket carries no message text, so it never needs its own authorisation of what it shows).
 * Plain TypeScript, no React: realtime-provider.tsx mounts it and turns its events into react-query
 * invalidations.
 */
import { SOCKET_PING_SECONDS, type RealtimeEvent, type RealtimeRequest } from '#shared/messaging';

/**
 * The react-query keys of messages, in one place: the socket's events invalidate them, the screens
 * (features/messages) read them, the header's badge has its own key under `['conversations']`. An
 * event refreshes every query there but the other conversations' messages.
 */
export const conversationsQueryKeys = {
  all: ['conversations'] as const,
  /** The list screen's pages (an infinite query over `GET /api/conversations`). */
  list: ['conversations', 'list'] as const,
  /** One conversation's pages of messages (an infinite query over `GET …/messages?before=`). */
  messages: (conversationId: string) => ['conversations', 'messages', conversationId] as const,
};

/** The first reconnection waits about this long, doubling each failure up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A connection that stayed open this long was a good one: the next failure starts the backoff again. */
const STABLE_CONNECTION_MS = 10_000;

/**
 * The wait before reconnection attempt `attempt` (0 for the first): exponential, capped, with
 * "equal jitter" (half fixed, half random) so that every tab of a restarted server does not knock
 * at the same instant, yet none retries at once in a loop.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** `realtimeUrl` when the configuration gives one (cloud), else `/ws` on the page's origin, ws:// or wss:// as the page. */
export function realtimeEndpoint(realtimeUrl: string | undefined, location: Pick<Location, 'protocol' | 'host'>): string {
  if (realtimeUrl) return realtimeUrl;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** The endpoint with the access token in its query (browsers cannot set headers on a WebSocket). */
export function socketUrl(endpoint: string, token: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('token', token);
  return url.toString();
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<RealtimeEvent> | null;
    if (!event || typeof event !== 'object') return null;
    if (event.type === 'pong') return { type: 'pong' };
    if ((event.type === 'message' || event.type === 'read') && typeof event.conversation_id === 'string') return event as RealtimeEvent;
  } catch {
    // Not JSON: not ours to read.
  }
  return null;
}

export interface RealtimeClientOptions {
  /** Where to connect (realtimeEndpoint). */
  endpoint: string;
  /** The access token; `fresh` asks for a refreshed one (each reconnection: the old one may be why it failed). */
  accessToken: (fresh: boolean) => Promise<string | undefined>;
  onEvent: (event: RealtimeEvent) => void;
  /** The socket opened (true) or is not open any more (false). */
  onOpenChange: (open: boolean) => void;
}

export interface RealtimeClient {
  /** Closes the socket for good (sign-out, the tab's provider unmounting). */
  stop: () => void;
}

/**
 * Connects, pings every SOCKET_PING_SECONDS (API Gateway closes idle connections after 10
 * minutes), and reconnects after any close with reconnectDelayMs — at once when the browser comes
 * back online. Never throws: a failure is a closed socket, and the screens poll meanwhile.
 */
export function startRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let openedAt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const clearTimers = () => {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    reconnectTimer = undefined;
    pingTimer = undefined;
  };

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer !== undefined) return;
    if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
    openedAt = 0;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectDelayMs(attempt));
    attempt += 1;
  };

  const connect = async () => {
    if (stopped) return;
    let token: string | undefined;
    try {
      token = await options.accessToken(attempt > 0);
    } catch {
      token = undefined;
    }
    if (stopped) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    let current: WebSocket;
    try {
      current = new WebSocket(socketUrl(options.endpoint, token));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      openedAt = Date.now();
      const ping: RealtimeRequest = { action: 'ping' };
      pingTimer = setInterval(() => {
        if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify(ping));
      }, SOCKET_PING_SECONDS * 1000);
      options.onOpenChange(true);
    };
    current.onmessage = (message) => {
      if (socket !== current) return;
      const event = parseEvent(message.data);
      if (event) options.onEvent(event);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(pingTimer);
      pingTimer = undefined;
      options.onOpenChange(false);
      scheduleReconnect();
    };
    // An error is always followed by a close: onclose reconnects.
    current.onerror = () => undefined;
  };

  // Back online (a phone leaving a tunnel): no need to wait for the backoff.
  const onOnline = () => {
    if (stopped || socket) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    void connect();
  };
  window.addEventListener('online', onOnline);
  void connect();

  return {
    stop: () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      clearTimers();
      const open = socket;
      socket = null;
      if (open) {
        open.onclose = null;
        open.close(1000);
      }
    },
  };
}
