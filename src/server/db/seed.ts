import { count, eq } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import type { Db, Executor } from './client';
import { seedDemoJobs } from './demo-jobs';
import { firstRow } from '../errors';
import { coordinatorZipCodes, users } from './schema';
import { insertUser, type NewAccount } from '../modules/auth/auth.service';

export const DEMO_PASSWORD = 'yardly-demo';

export interface DemoAccount {
  role: Role;
  email: string;
  fullName: string;
  username: string;
}

/** The demo town's accounts (design 3): printed at start and listed in the README. */
export function demoAccounts(serviceZips: string[]): (NewAccount & DemoAccount)[] {
  const home = serviceZips[0]!;
  const second = serviceZips[1] ?? home;
  return [
    {
      role: 'teen',
      email: 'teen@demo.yardly.app',
      fullName: 'Maya Lopez',
      username: 'maya_lopez',
      password: DEMO_PASSWORD,
      zipCode: second,
      parentalConsentStatus: 'approved',
    },
    // A second teen with consent: a teen holds one live lock at a time, so two can try things side by side.
    {
      role: 'teen',
      email: 'teen2@demo.yardly.app',
      fullName: 'Jordan Kim',
      username: 'jordan_kim',
      password: DEMO_PASSWORD,
      zipCode: second,
      parentalConsentStatus: 'approved',
    },
    { role: 'homeowner', email: 'homeowner@demo.yardly.app', fullName: 'Dana Whitfield', username: 'dana_w', password: DEMO_PASSWORD, zipCode: home },
    {
      role: 'coordinator',
      email: 'coordinator@demo.yardly.app',
      fullName: 'Sam Ortiz',
      username: 'coach_sam',
      password: DEMO_PASSWORD,
      zipCode: home,
      coordinatorZips: serviceZips,
    },
    { role: 'admin', email: 'admin@demo.yardly.app', fullName: 'Alex Admin', username: 'admin', password: DEMO_PASSWORD, zipCode: null },
  ];
}

/** Creates an account with everything its role needs (a coordinator's served ZIP codes). */
export async function createAccount(db: Executor, account: NewAccount, now: Date) {
  const user = await insertUser(db, account, now);
  if (account.role === 'coordinator' && account.coordinatorZips?.length) {
    await db.insert(coordinatorZipCodes).values(account.coordinatorZips.map((zipCode) => ({ coordinatorId: user.id, zipCode })));
  }
  if (account.role === 'teen' && account.parentalConsentStatus === 'approved') {
    await db.update(users).set({ isAvailable: true }).where(eq(users.id, user.id));
  }
  return user;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo accounts and jobs on an empty database; returns the accounts, or null when it did nothing. */
export async function seedDemo(db: Db, serviceZips: string[], now: Date, feePercent: number): Promise<DemoAccount[] | null> {
  if (!(await isEmpty(db))) return null;
  const accounts = demoAccounts(serviceZips);
  await db.transaction(async (tx) => {
    const created: { id: string; role: Role }[] = [];
    for (const account of accounts) created.push(await createAccount(tx, account, now));
    // The first account of the role: the demo teen (Maya) has the lifecycle jobs.
    const idOf = (role: Role) => firstRow(created.filter((u) => u.role === role), `the demo ${role}`).id;
    await seedDemoJobs(tx, { homeownerId: idOf('homeowner'), teenId: idOf('teen') }, serviceZips, now, feePercent);
  });
  return accounts;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create an admin at start when no admin exists yet. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string } | null, now: Date): Promise<boolean> {
  if (!admin) return false;
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  if ((row?.n ?? 0) > 0) return false;
  const username = `admin_${admin.email.split('@')[0]!.replace(/[^A-Za-z0-9_]/g, '').slice(0, 20)}`;
  await createAccount(db, { role: 'admin', email: admin.email, password: admin.password, fullName: 'Administrator', username, zipCode: null }, now);
  return true;
}
