import type { ReportDecision, ReportStatus } from '#shared/messaging';
import type { AdminMessageReportsPage, AdminMessageReportView } from '#shared/messaging-schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const keys = {
  all: ['admin', 'message-reports'] as const,
  list: (status: ReportStatus) => ['admin', 'message-reports', status] as const,
};

/** The reports of messages, newest first, a page at a time: the open ones (to decide) or the closed ones. */
export function useAdminMessageReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: keys.list(status),
    queryFn: ({ pageParam, signal }) => apiRequest<AdminMessageReportsPage>('adminMessageReports', { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 10_000,
  });
}

/** The admin's decision on one report; both lists are refreshed (the report moves from open to closed). */
export function useDecideMessageReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReportDecision; note?: string }) =>
      apiRequest<AdminMessageReportView>('adminDecideMessageReport', { params: { id }, body: { decision, ...(note && { note }) } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
