import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { User } from '../../contract/auth';
import type { Role } from '../../contract/constants';
import { homePathForRole } from '../../domain/users';
import { useAuth } from '../lib/auth';
import { LoadingLine } from './ui/query-state';

/**
 * Shows its screen only to the given roles: signed-out people go to /auth, others to their own
 * home. The server enforces the same rules; this only spares people a screen they cannot use.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[] | 'any'; children: (user: User) => ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingLine />;
  if (!user) return <Navigate to="/auth" replace />;
  if (roles !== 'any' && !roles.includes(user.role)) return <Navigate to={homePathForRole(user.role)} replace />;
  return <>{children(user)}</>;
}
