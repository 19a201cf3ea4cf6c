import type { GuaranteeAllowance } from '#shared/package-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * `GET /api/guarantee`, read by the booking dialog to say what is left of the trial guarantee
 * before paying (the same key as the guarantee feature's, so either read fills both).
 */
export function useGuaranteeAllowanceBeforePaying(enabled: boolean) {
  return useQuery({
    queryKey: ['guarantee', 'allowance'],
    queryFn: ({ signal }) => apiRequest<GuaranteeAllowance>('getGuaranteeAllowance', { signal }),
    enabled,
    staleTime: 30_000,
  });
}
