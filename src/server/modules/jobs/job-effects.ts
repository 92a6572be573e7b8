import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { auditAdminJobChange } from '../admin/admin-job-acts';
import { signalJobChange } from '../events/job-signals';
import { notifyJobChange } from '../notifications/job-notifications';
import { ledgerEffect } from '../payments/ledger';
import { markVerifiedStopVisited } from '../routes/route-visits';
import type { JobChange, JobEffect } from './job-change';

/** Every module that reacts to job changes registers here; order matters only within one transaction. */
const EFFECTS: JobEffect[] = [ledgerEffect, notifyJobChange, signalJobChange, auditAdminJobChange, markVerifiedStopVisited];

export async function applyJobEffects(tx: Executor, ctx: AppContext, change: JobChange): Promise<void> {
  for (const effect of EFFECTS) await effect(tx, ctx, change);
}
