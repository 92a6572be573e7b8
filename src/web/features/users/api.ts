import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contract/auth';
import type { Point } from '../../../contract/routes';
import type { ProfileChanges, UpdatedUser } from '../../../contract/users';
import { apiRequest } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { jobQueries } from '../jobs/api';

/** Teen availability (spec 2; PATCH /api/users/{id} with {isAvailable}). */
export function useSetAvailability() {
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: (isAvailable: boolean) => apiRequest<User>('PATCH', `/api/users/${user!.id}`, { isAvailable }),
    onSuccess: (updated) => setUser(updated),
  });
}

/**
 * A coordinator's base, where their routes start and end (issue 17; PATCH /api/users/{id} with
 * {baseLatitude, baseLongitude}); null and null go back to their first ZIP code's centre.
 */
export function useSetRouteBase() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: (base: Point | null) =>
      apiRequest<UpdatedUser>('PATCH', `/api/users/${user!.id}`, { baseLatitude: base?.latitude ?? null, baseLongitude: base?.longitude ?? null }),
  });
}

/**
 * Edit Profile (issue 16; PATCH /api/users/{id} with {fullName, zipCode}). The signed-in user (the
 * session's copy every screen reads the name from) becomes the server's answer. Everything under the
 * jobs' key is read again: the explorer's distances and the recommendations follow the ZIP code, and
 * the progress screens (the leaderboard of the teen's area, their name on it) sit under it too.
 */
export function useUpdateProfile() {
  const { user, setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => apiRequest<UpdatedUser>('PATCH', `/api/users/${user!.id}`, changes),
    onSuccess: async (updated) => {
      setUser(updated);
      await queryClient.invalidateQueries({ queryKey: jobQueries.all() });
    },
  });
}
