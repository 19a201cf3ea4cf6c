import type { PackageInitResult, PackageRequest } from '#shared/package-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** Books the 4 weeks' lessons (holding their slots) and initialises their one payment. */
export function useBookPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PackageRequest) => apiRequest<PackageInitResult>('bookPackage', { body: request }),
    // Lessons, packages and payments all changed (pending); the tutor's free slots too.
    onSettled: () =>
      Promise.all(['lessons', 'packages', 'transactions', 'tutors'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
