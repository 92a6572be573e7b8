import { eq } from 'drizzle-orm';
import type { DemoDataResult } from '../../../contract/routes';
import type { AppContext } from '../../context';
import { seedRouteDemoJobs } from '../../db/demo-jobs';
import { users } from '../../db/schema';
import { demoAccounts } from '../../db/seed';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { coordinatorZips } from './route-optimizer';

const NO_ZIPS = 'You have no ZIP codes to post demo jobs in.';

/**
 * POST /api/demo/create-data (registered only when demo data is on): a dozen posted jobs of the demo
 * homeowner at points spread over the calling coordinator's ZIP codes, their pay held like any
 * posted job's, in one transaction.
 */
export async function createRouteDemoData(ctx: AppContext, user: SessionUser): Promise<DemoDataResult> {
  const zips = await coordinatorZips(ctx, user.id);
  if (zips.length === 0) throw new AppError('VALIDATION_FAILED', NO_ZIPS);
  const homeownerEmail = demoAccounts(ctx.config.serviceZips).find((account) => account.role === 'homeowner')!.email;
  const [homeowner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, homeownerEmail));
  if (!homeowner) throw new AppError('CONFLICT', `Demo jobs are posted by the demo homeowner (${homeownerEmail}), who is not on this database: start it empty with SEED_DEMO=1.`);
  const jobIds = await ctx.db.transaction((tx) => seedRouteDemoJobs(tx, homeowner.id, zips, ctx.clock.now(), ctx.config.platformFeePercent));
  return { jobsCreated: jobIds.length, jobIds };
}
