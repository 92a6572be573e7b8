import type { Dispute } from '../../../contract/payments';

/** An open dispute over a swept garage, as the server answers it; `overrides` change what a test needs. */
export function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    jobId: '22222222-2222-4222-8222-222222222222',
    jobTitle: 'Sweep the garage',
    payAmount: '30.00',
    jobStatus: 'disputed',
    status: 'open',
    reason: 'Half the garage was not swept.',
    teenStatement: null,
    outcome: null,
    teenAmount: null,
    openedBy: '33333333-3333-4333-8333-333333333333',
    createdAt: '2026-06-15T12:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}
