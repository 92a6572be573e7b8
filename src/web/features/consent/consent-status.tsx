import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConsentStatus } from '../../../contract/constants';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { useAuth } from '../../lib/auth';
import { consentQueries } from './api';

const STATUS_BADGES: Record<ConsentStatus, { label: string; tone: BadgeTone }> = {
  none: { label: 'Not requested', tone: 'slate' },
  pending: { label: 'Pending', tone: 'yellow' },
  approved: { label: 'Approved', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  revoked: { label: 'Revoked', tone: 'red' },
};

export function ConsentStatusBadge({ status }: { status: ConsentStatus }) {
  const { label, tone } = STATUS_BADGES[status];
  return <Badge tone={tone}>Consent: {label}</Badge>;
}

/** While a parent has the link, look again now and then, so a signature shows without a reload. */
const PENDING_REFRESH_MS = 15_000;

/**
 * The signed-in teen's consent, fresh from the server. The stored user follows it, so every screen
 * that reads `parentalConsentStatus` (the explorer's Accept Job) agrees after a parent acts.
 */
export function useTeenConsent(userId: string) {
  const { user, setUser } = useAuth();
  const query = useQuery({
    ...consentQueries.teen(userId),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false),
  });
  const fresh = query.data?.status;
  useEffect(() => {
    if (user && fresh && user.parentalConsentStatus !== fresh) setUser({ ...user, parentalConsentStatus: fresh });
  }, [user, fresh, setUser]);
  return query;
}
