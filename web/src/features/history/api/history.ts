import { type SearchHistoryResponse } from '#shared/discovery-schemas';
import { messages } from '#shared/messages';
import { type SearchFilters } from '#shared/search';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '@/components/ui/notify';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const historyQueryKey = ['search-history'] as const;

/** The parent's 10 newest searches. */
export function useSearchHistory() {
  const { profile } = useAuth();
  return useQuery({
    queryKey: historyQueryKey,
    queryFn: ({ signal }) => apiRequest<SearchHistoryResponse>('listSearchHistory', { signal }),
    enabled: profile?.role === 'parent',
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('clearSearchHistory'),
    onSuccess: () => {
      queryClient.setQueryData<SearchHistoryResponse>(historyQueryKey, { entries: [] });
      notify.success({ title: messages.search.historyCleared });
    },
    onError: () => notify.error({ title: messages.search.historyClearFailure }),
  });
}

/**
 * Records a search in the history. Failures are only logged (spec §8); the id chosen here makes
 * a retried request count once.
 */
export function useRecordSearch(): (filters: SearchFilters, resultsCount: number) => void {
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    (filters, resultsCount) => {
      if (profile?.role !== 'parent') return;
      const body = { id: crypto.randomUUID(), filters, results_count: resultsCount };
      apiRequest('recordSearch', { body })
        .then(() => queryClient.invalidateQueries({ queryKey: historyQueryKey }))
        .catch((error: unknown) => console.error("L'enregistrement de la recherche a échoué", error));
    },
    [profile?.role, queryClient],
  );
}
