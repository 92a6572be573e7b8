import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentDecisionResponse,
  ConsentEvidenceList,
  ConsentLinkView,
  HeldConsentAnswer,
  HeldConsentRequestList,
  SendConsentRequest,
  SendConsentResponse,
  SignConsentRequest,
  TeenConsent,
} from '../../../contract/consent';
import { apiRequest, getJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';

const linkUrl = (token: string) => `/api/parental-consent/${encodeURIComponent(token)}`;

/** The only source of consent query keys. */
export const consentQueries = {
  teen: (userId: string) =>
    queryOptions({
      queryKey: ['consent', 'teen', userId] as const,
      queryFn: async () => (await getJson<TeenConsent>(`/api/users/${encodeURIComponent(userId)}/parental-consent`))!,
      staleTime: 10_000,
    }),
  /** The parent's page: read with apiRequest so a refused link keeps the server's code and message. */
  link: (token: string) =>
    queryOptions({
      queryKey: ['consent', 'link', token] as const,
      queryFn: () => apiRequest<ConsentLinkView>('GET', linkUrl(token)),
      staleTime: 0,
    }),
  evidence: () =>
    queryOptions({
      queryKey: ['consent', 'evidence'] as const,
      queryFn: async () => (await getJson<ConsentEvidenceList>('/api/admin/parental-consents?limit=20'))!,
      staleTime: 10_000,
    }),
  /** Issue 20: requests to a new address after a parent answered, for the area's coordinator or an admin. */
  held: () =>
    queryOptions({
      queryKey: ['consent', 'held'] as const,
      queryFn: async () => (await getJson<HeldConsentRequestList>('/api/parental-consent/held'))!,
      staleTime: 10_000,
    }),
};

/** A coordinator's or an admin's answer to a held request; the list (and an admin's evidence) is read again. */
export function useAnswerHeldConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: HeldConsentAnswer }) =>
      apiRequest<{ message: string }>('POST', `/api/parental-consent/held/${encodeURIComponent(id)}/${answer}`),
    onSettled: () =>
      Promise.all([consentQueries.held(), consentQueries.evidence()].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Spec 7: POST /api/parental-consent/send; the stored user becomes pending. */
export function useSendConsent() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendConsentRequest) => apiRequest<SendConsentResponse>('POST', '/api/parental-consent/send', body),
    onSuccess: ({ consent, user }) => {
      setUser(user);
      queryClient.setQueryData(consentQueries.teen(user.id).queryKey, consent);
    },
  });
}

export type ParentDecision = { action: 'sign'; body: SignConsentRequest } | { action: 'decline' } | { action: 'revoke' };

/** The parent's sign, decline and revoke: the answer carries the page's new state. */
export function useConsentDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ParentDecision) =>
      apiRequest<ConsentDecisionResponse>('POST', `${linkUrl(token)}/${decision.action}`, decision.action === 'sign' ? decision.body : undefined),
    onSuccess: ({ view }) => queryClient.setQueryData(consentQueries.link(token).queryKey, view),
  });
}
