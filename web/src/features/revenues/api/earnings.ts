import type { EarningsPeriod } from '#shared/payments';
import type { EarningsResponse } from '#shared/payments-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export function useEarnings(period: EarningsPeriod) {
  return useQuery({
    queryKey: ['earnings', period],
    queryFn: ({ signal }) => apiRequest<EarningsResponse>('tutorEarnings', { query: { period }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
