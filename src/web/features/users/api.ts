import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../contract/auth';
import type { Point } from '../../../contract/routes';
import type { UpdatedUser } from '../../../contract/users';
import { apiRequest } from '../../lib/api';
import { useAuth } from '../../lib/auth';

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
