import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../contract/auth';
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
