import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeList, DisputeStatementRequest, OpenDisputeRequest, PaymentPolicy, ResolveDisputeRequest, Wallet } from '../../../contract/payments';
import { IDEMPOTENCY_HEADER } from '../../../contract/payments';
import { apiRequest, getJson } from '../../lib/api';
import { adminQueries } from '../admin/api';
import { jobQueries } from '../jobs/api';

/** The only source of payment query keys. */
export const paymentQueries = {
  all: () => ['payments'] as const,
  wallet: (userId: string) =>
    queryOptions({
      queryKey: ['payments', 'wallet', userId] as const,
      queryFn: async () => (await getJson<Wallet>(`/api/wallet/${encodeURIComponent(userId)}`))!,
      staleTime: 15_000,
    }),
  policy: () =>
    queryOptions({
      queryKey: ['payments', 'policy'] as const,
      queryFn: async () => (await getJson<PaymentPolicy>('/api/payments/policy'))!,
      staleTime: Infinity,
    }),
  openDisputes: () =>
    queryOptions({
      queryKey: ['payments', 'disputes', 'open'] as const,
      queryFn: async () => (await getJson<DisputeList>('/api/disputes?status=open'))!,
      staleTime: 15_000,
    }),
};

/** A money-moving call: one key per attempt, so a retried request can never move money twice. */
const moneyCall = <T>(url: string, body: unknown) => apiRequest<T>('POST', url, body, { [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

/** After money moves, jobs, wallets and disputes may all have changed. */
function useRefreshAfterMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentQueries.all() });
    void queryClient.invalidateQueries({ queryKey: jobQueries.all() });
    // The admin console's overview sums the ledger, and its disputes screen lists open disputes.
    void queryClient.invalidateQueries({ queryKey: adminQueries.all() });
  };
}

export function useOpenDispute() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ jobId, ...body }: OpenDisputeRequest & { jobId: string }) => moneyCall<Dispute>(`/api/jobs/${encodeURIComponent(jobId)}/dispute`, body),
    onSettled: refresh,
  });
}

export function useResolveDispute() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: ResolveDisputeRequest & { disputeId: string }) => moneyCall<Dispute>(`/api/disputes/${encodeURIComponent(disputeId)}/resolve`, body),
    onSettled: refresh,
  });
}

/** The job's teen gives their side of an open dispute (issue 18); no money moves, so no key is needed. */
export function useGiveDisputeStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: DisputeStatementRequest & { disputeId: string }) =>
      apiRequest<Dispute>('POST', `/api/disputes/${encodeURIComponent(disputeId)}/statement`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentQueries.all() }),
  });
}
