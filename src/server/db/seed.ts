import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import { DEFAULT_PREFERENCES } from '../../contract/preference-constants';
import type { UserPreferences } from '../../contract/preferences';
import { addDays } from '../../domain/calendar';
import type { Db, Executor } from './client';
import { seedDemoJobs } from './demo-jobs';
import { AppError, firstRow } from '../errors';
import { coordinatorZipCodes, userPreferences, users } from './schema';
import { insertUser, type NewAccount } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_PASSWORD = 'yardly-demo';

export interface DemoAccount {
  role: Role;
  email: string;
  fullName: string;
  username: string;
  /** A teen's age, kept from seed to seed: their date of birth is set from the seeding day (birthDateFor). */
  age?: number;
  /**
   * A teen's saved preferences. The spec's defaults tick no tool, and a job needing a tool the teen
   * has not ticked is never recommended (issue 15): without these every demo job would be.
   */
  preferences?: UserPreferences;
}

/**
 * The demo town's accounts (design 3): printed at start and listed in the README. The teens show both
 * sides of the safety rules by age (issue 21): Maya, 16, takes power-mower jobs and not the chain saw's;
 * Jordan, 15, is told why a mower job is not for him and keeps to 3 hours on a school day.
 */
export function demoAccounts(serviceZips: string[]): (Omit<NewAccount, 'passwordHash'> & DemoAccount)[] {
  const home = serviceZips[0]!;
  const second = serviceZips[1] ?? home;
  return [
    {
      role: 'teen',
      email: 'teen@demo.yardly.app',
      fullName: 'Maya Lopez',
      username: 'maya_lopez',
      zipCode: second,
      parentalConsentStatus: 'approved',
      age: 16,
      preferences: { ...DEFAULT_PREFERENCES, preferredCategories: ['lawn_care', 'leaf_raking'], toolAccess: ['rake', 'shovel', 'hose', 'wheelbarrow', 'lawn_mower', 'leaf_blower'] },
    },
    // A second teen with consent: a teen holds one live lock at a time, so two can try things side by side.
    {
      role: 'teen',
      email: 'teen2@demo.yardly.app',
      fullName: 'Jordan Kim',
      username: 'jordan_kim',
      zipCode: second,
      parentalConsentStatus: 'approved',
      age: 15,
      preferences: { ...DEFAULT_PREFERENCES, preferredCategories: ['leaf_raking', 'snow_shoveling'], toolAccess: ['rake', 'shovel', 'hose', 'wheelbarrow'] },
    },
    { role: 'homeowner', email: 'homeowner@demo.yardly.app', fullName: 'Dana Whitfield', username: 'dana_w', zipCode: home },
    {
      role: 'coordinator',
      email: 'coordinator@demo.yardly.app',
      fullName: 'Sam Ortiz',
      username: 'coach_sam',
      zipCode: home,
      coordinatorZips: serviceZips,
    },
    { role: 'admin', email: 'admin@demo.yardly.app', fullName: 'Alex Admin', username: 'admin', zipCode: null },
  ];
}

/**
 * A date of birth that makes someone `age` on `now`'s day and keeps them so for the next eight months
 * (their birthday was four months ago), so a demo database stays true to its README for a while.
 */
export function birthDateFor(age: number, now: Date): string {
  const fourMonthsAgo = addDays(now.toISOString().slice(0, 10), -122);
  const monthDay = fourMonthsAgo.slice(5) === '02-29' ? '02-28' : fourMonthsAgo.slice(5);
  return `${Number(fourMonthsAgo.slice(0, 4)) - age}-${monthDay}`;
}

/** Creates an account with everything its role needs (a coordinator's served ZIP codes, an approved teen's date of birth). */
export async function createAccount(db: Executor, account: NewAccount, now: Date) {
  // The safety rules by age read it at every lock (issue 21); a parent's consent always confirms one.
  if (account.role === 'teen' && account.parentalConsentStatus === 'approved' && !account.dateOfBirth) {
    throw new Error(`The teen ${account.email} has approved consent but no date of birth: give the one their parent confirmed.`);
  }
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

/** The demo accounts this database holds (their password is published in the README). */
export async function findDemoAccountEmails(db: Db, serviceZips: string[]): Promise<string[]> {
  const emails = demoAccounts(serviceZips).map((account) => account.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.email);
}

/** Seeds the demo accounts and jobs on an empty database; returns the accounts, or null when it did nothing. */
export async function seedDemo(db: Db, serviceZips: string[], now: Date, feePercent: number): Promise<DemoAccount[] | null> {
  if (!(await isEmpty(db))) return null;
  const accounts = demoAccounts(serviceZips);
  // They share the published password: one hash, made before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const created: { id: string; role: Role }[] = [];
    for (const { age, preferences, ...account } of accounts) {
      const user = await createAccount(tx, { ...account, passwordHash, ...(age === undefined ? {} : { dateOfBirth: birthDateFor(age, now) }) }, now);
      if (preferences) await tx.insert(userPreferences).values({ userId: user.id, preferences });
      created.push(user);
    }
    // The first account of the role: the demo teen (Maya) has the lifecycle jobs.
    const idOf = (role: Role) => firstRow(created.filter((u) => u.role === role), `the demo ${role}`).id;
    await seedDemoJobs(tx, { homeownerId: idOf('homeowner'), teenId: idOf('teen') }, serviceZips, now, feePercent);
  });
  return accounts;
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD ensure that admin exists at every start: created when no account has
 * that email, never changed when one has (its password may have been changed since). Returns the
 * role of the account under that email, and whether this start created it.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string } | null, now: Date): Promise<{ created: boolean; role: Role } | null> {
  if (!admin) return null;
  const existing = async () => {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, admin.email));
    return row ? { created: false, role: row.role } : null;
  };
  const found = await existing();
  if (found) return found;
  const passwordHash = await hashPassword(admin.password);
  const base = `admin_${admin.email.split('@')[0]!.replace(/[^A-Za-z0-9_]/g, '').slice(0, 20)}`;
  // A person may already hold the plain username; the admin then takes a suffixed one.
  for (const username of [base, `${base}_${randomBytes(2).toString('hex')}`]) {
    try {
      await createAccount(db, { role: 'admin', email: admin.email, passwordHash, fullName: 'Administrator', username, zipCode: null }, now);
      return { created: true, role: 'admin' };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Another server process starting at the same moment created it first.
      const raced = await existing();
      if (raced) return raced;
      if (err.code !== 'USERNAME_TAKEN') throw err;
    }
  }
  throw new Error(`could not create the ADMIN_EMAIL admin ${admin.email}: its usernames are taken`);
}
