import { type FavoritesResponse } from '#shared/discovery-schemas';
import { authMessages } from '#shared/message-catalogue/auth';
import { favoritesMessages } from '#shared/message-catalogue/favorites';
import { type TutorSummary } from '#shared/search';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { notify } from '@/components/ui/notify';
import type { TutorCardFavorite } from '@/components/tutor-card';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const favoritesQueryKey = ['favorites'] as const;

/** The signed-in parent's favourites, newest first (other roles have none). */
export const favoritesQuery = () =>
  queryOptions({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => apiRequest<FavoritesResponse>('listFavorites', { signal }),
    staleTime: 30_000,
  });

export function useFavorites() {
  const { profile } = useAuth();
  return useQuery({ ...favoritesQuery(), enabled: profile?.role === 'parent' });
}

type Change = { tutor: TutorSummary; add: boolean };

/**
 * Shows a favourite added (`tutor`: its card, or null when only its id is known) or removed
 * (undefined) before the API answers; returns the list as it was, to put back on failure. A read
 * of the list under way is cancelled first: begun before the change was written, it could land
 * after it — and an invalidation joins a first read still under way instead of starting another.
 */
async function showChange(queryClient: QueryClient, tutorId: string, tutor: TutorSummary | null | undefined) {
  await queryClient.cancelQueries({ queryKey: favoritesQueryKey });
  const previous = queryClient.getQueryData<FavoritesResponse>(favoritesQueryKey);
  queryClient.setQueryData<FavoritesResponse>(favoritesQueryKey, (current) => {
    // Known by its id only: added to a list already read, where it is not yet (no card to show otherwise).
    if (tutor === null && (!current || current.favorites.some((favorite) => favorite.tutor_id === tutorId))) return current;
    const others = (current?.favorites ?? []).filter((favorite) => favorite.tutor_id !== tutorId);
    return { favorites: tutor === undefined ? others : [{ tutor_id: tutorId, created_at: new Date().toISOString(), tutor }, ...others] };
  });
  return { previous };
}

/**
 * The heart of every tutor card: optimistic toggle, the spec's toasts, and the signed-out and
 * non-parent cases. Returns the props a TutorCard needs for a tutor.
 */
export function useFavoriteToggle(): (tutor: TutorSummary) => TutorCardFavorite {
  const { user, profile } = useAuth();
  const queryClient = useQueryClient();
  const { data, isPending: favoritesUnknown } = useFavorites();
  const favoriteIds = useMemo(() => new Set(data?.favorites.map((f) => f.tutor_id)), [data]);

  const mutation = useMutation({
    mutationFn: async ({ tutor, add }: Change) => {
      if (add) await apiRequest('addFavorite', { body: { tutor_id: tutor.id } });
      else {
        try {
          await apiRequest('removeFavorite', { params: { tutorId: tutor.id } });
        } catch (error) {
          // Already gone (another tab, a retry): the wish is fulfilled.
          if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
        }
      }
    },
    onMutate: ({ tutor, add }) => showChange(queryClient, tutor.id, add ? tutor : undefined),
    onSuccess: (_data, { add }) => {
      notify.success({ title: add ? favoritesMessages.added : favoritesMessages.removed });
    },
    onError: (error, { add }, context) => {
      if (add && error instanceof ApiRequestError && error.status === 409) {
        notify.info({ title: favoritesMessages.duplicateTitle, description: favoritesMessages.duplicate });
        return; // it is a favourite: keep the heart filled
      }
      queryClient.setQueryData(favoritesQueryKey, context?.previous);
      notify.error({
        title: favoritesMessages.loadTitle,
        description: add ? favoritesMessages.addFailure : favoritesMessages.removeFailure,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
  });

  const pendingId = mutation.isPending ? mutation.variables?.tutor.id : undefined;
  // Until a signed-in user's role, and a parent's favourites, are known, a heart shown empty may be
  // a favourite: a tap would act on a state that flips under the finger. The hearts wait.
  const waitingForFavorites = Boolean(user) && (!profile || (profile.role === 'parent' && favoritesUnknown));
  const { mutate } = mutation;
  return useCallback(
    (tutor: TutorSummary): TutorCardFavorite => {
      const isFavorite = favoriteIds.has(tutor.id);
      return {
        isFavorite,
        pending: waitingForFavorites || pendingId === tutor.id,
        onToggle: () => {
          if (!user) {
            notify.error({ title: authMessages.signInRequired, description: authMessages.signInForFavorites });
            return;
          }
          if (profile?.role !== 'parent') {
            notify.info({ title: favoritesMessages.parentsOnly });
            return;
          }
          mutate({ tutor, add: !isFavorite });
        },
      };
    },
    [favoriteIds, pendingId, waitingForFavorites, user, profile?.role, mutate],
  );
}

/**
 * The favourite a visitor asked for before signing in (issue 17), added once signed in: by the
 * tutor's id, since the card it was asked on is gone. A parent's only, like the heart.
 */
export function useAddFavoriteAfterSignIn(): (tutorId: string) => void {
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (tutorId: string) => apiRequest('addFavorite', { body: { tutor_id: tutorId } }),
    // The list's first read starts with the sign-in, beside this add: see showChange.
    onMutate: (tutorId) => showChange(queryClient, tutorId, null),
    onSuccess: () => notify.success({ title: favoritesMessages.added }),
    onError: (error, _tutorId, context) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        notify.info({ title: favoritesMessages.duplicateTitle, description: favoritesMessages.duplicate });
        return;
      }
      queryClient.setQueryData(favoritesQueryKey, context?.previous);
      notify.error({ title: favoritesMessages.loadTitle, description: favoritesMessages.addFailure });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
  });
  const role = profile?.role;
  return useCallback(
    (tutorId: string) => {
      if (role !== 'parent') notify.info({ title: favoritesMessages.parentsOnly });
      else mutate(tutorId);
    },
    [role, mutate],
  );
}
