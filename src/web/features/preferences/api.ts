import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPreferences } from '../../../contract/preferences';
import { apiRequest, getJson } from '../../lib/api';
import { recommendationQueries } from '../recommendations/api';

const preferencesUrl = (userId: string) => `/api/users/${encodeURIComponent(userId)}/preferences`;

/** The only source of the preferences' query keys (issue 15). */
export const preferenceQueries = {
  /** The teen's 14 preferences (spec 3); the spec's defaults until they first save. Only they change them. */
  detail: (userId: string) =>
    queryOptions({
      queryKey: ['preferences', userId] as const,
      queryFn: async () => (await getJson<UserPreferences>(preferencesUrl(userId)))!,
      staleTime: Infinity,
    }),
};

/**
 * Saves the whole preferences object (spec 7: POST). The mutation settles only once the teen's
 * recommendations have been fetched again, so the list they return to is already the new one.
 */
export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: UserPreferences) => apiRequest<UserPreferences>('POST', preferencesUrl(userId), preferences),
    onSuccess: async (saved) => {
      queryClient.setQueryData(preferenceQueries.detail(userId).queryKey, saved);
      // The list is not on screen while the form is: refetch it anyway ('all'), and wait for it.
      await queryClient.invalidateQueries({ queryKey: recommendationQueries.all(userId), refetchType: 'all' });
    },
  });
}
