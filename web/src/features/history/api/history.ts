import { type SearchHistoryResponse } from '#shared/discovery-schemas';
import { searchMessages } from '#shared/message-catalogue/search';
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
      notify.success({ title: searchMessages.historyCleared });
    },
    onError: () => notify.error({ title: searchMessages.historyClearFailure }),
  });
}

/** A search was recorded with its request (the search API records a parent's searches): the list is read again. */
export function useHistoryRecorded(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: historyQueryKey }), [queryClient]);
}
