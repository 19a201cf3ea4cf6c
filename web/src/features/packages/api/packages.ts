import type { PackageRequest } from '#shared/package-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * What `POST /api/packages` answers: the package booked (its lessons pending) and the one Paystack
 * payment to open. The contract (shared/src/package-schemas.ts) leaves the shape to the handler;
 * this is the single booking's (PaymentInitResult) with the package's id.
 */
export interface PackageBookingResult {
  success?: boolean;
  package_id?: string;
  authorization_url?: string;
  reference?: string;
  error?: string;
}

/** Books the 4 weeks' lessons (holding their slots) and initialises their one payment. */
export function useBookPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PackageRequest) => apiRequest<PackageBookingResult>('bookPackage', { body: request }),
    // Lessons, packages and payments all changed (pending); the tutor's free slots too.
    onSettled: () =>
      Promise.all(['lessons', 'packages', 'transactions', 'tutors'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
