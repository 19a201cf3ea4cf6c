import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/** A 4xx will not change by asking again; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a read is tried even when the browser says it is offline, so that the service
      // worker can answer it from its copy (web/src/sw.ts); then retries wait for the network.
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      // always: a write offline fails at once and says so. React-query's default would hold it and
      // send it when the network returns — a payment or a refund must never leave from a queue.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
