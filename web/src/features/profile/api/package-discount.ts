import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { myTutorProfile } from '@/lib/my-records';

/** `PUT /api/tutors/me/package-discount`: the tutor's package discount (0–20 %); the profile is read again. */
export function useSavePackageDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discountPercent: number) => apiRequest<unknown>('setPackageDiscount', { body: { discountPercent } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTutorProfile.key }),
  });
}
