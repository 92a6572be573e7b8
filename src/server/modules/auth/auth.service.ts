import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SelfRegisterRole } from '../../../contract/constants';
import { RESET_TOKEN_TTL_SECONDS } from '../../../contract/constants';
import type { User } from '../../../contract/auth';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError, firstRow } from '../../errors';
import { brakeDelayMs, countAttempt, LIMITS, refundToken, SIGN_IN_ACCOUNT_BRAKE, takeToken, takeTokenOrThrow } from '../../plugins/rate-limit';
import { requireServedHomeZip } from '../areas/service-areas';
import { enqueueEmail } from '../email/mailer';
import { endUserStreams } from '../events/live-events';
import { passwordChangedEmail, passwordResetEmail } from '../email/templates';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSessionsOfUser, hashToken, newToken, type SessionUser } from './sessions';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_SUSPENDED = 'This account is suspended. Contact support.';

export function toUserDto(user: SessionUser): User {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    role: user.role,
    zipCode: user.zipCode,
    isAvailable: user.isAvailable,
    parentalConsentStatus: user.parentalConsentStatus,
    createdAt: user.createdAt.toISOString(),
  };
}

/** An account to store; its password is hashed before any transaction opens (issue 20). */
export interface NewAccount {
  role: SessionUser['role'];
  fullName: string;
  username: string;
  email: string;
  passwordHash: string;
  zipCode: string | null;
  parentalConsentStatus?: SessionUser['parentalConsentStatus'];
  /** A teen's date of birth ('YYYY-MM-DD'), as a parent's consent confirms it (the CLI and the demo set it directly). */
  dateOfBirth?: string;
  coordinatorZips?: string[];
}

/** Inserts an account; a taken email or username is a 409 with a message a person can act on. */
export async function insertUser(db: Executor, account: NewAccount, now: Date): Promise<SessionUser> {
  const existing = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${account.email} or lower(${users.username}) = lower(${account.username})`);
  if (existing.some((u) => u.email === account.email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Try signing in instead.');
  }
  if (existing.length > 0) throw new AppError('USERNAME_TAKEN', 'This username is taken. Please choose another.');
  try {
    const rows = await db
      .insert(users)
      .values({
        role: account.role,
        fullName: account.fullName,
        username: account.username,
        email: account.email,
        passwordHash: account.passwordHash,
        zipCode: account.zipCode,
        // Teens are offline until they say otherwise.
        isAvailable: false,
        parentalConsentStatus: account.parentalConsentStatus ?? 'none',
        dateOfBirth: account.dateOfBirth ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { passwordHash: _hash, ...user } = firstRow(rows, 'the new user');
    return user;
  } catch (err) {
    // Two sign-ups racing for one email or username: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'This email or username was just taken. Please choose another.');
    throw err;
  }
}

export async function register(
  ctx: AppContext,
  input: { role: SelfRegisterRole; fullName: string; username: string; email: string; password: string; zipCode: string },
  address: string,
  userAgent: string | undefined,
): Promise<{ user: SessionUser; token: string }> {
  const now = ctx.clock.now();
  await takeTokenOrThrow(ctx.db, LIMITS.signUpPerAddress, address, now);
  await requireServedHomeZip(ctx, input.zipCode);
  // Hashing takes a core for ~16 ms: never while a transaction holds a connection.
  const { password, ...person } = input;
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { ...person, passwordHash }, now);
    const token = await createSession(tx, user.id, now, userAgent);
    return { user, token };
  });
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
  userAgent: string | undefined,
): Promise<{ user: SessionUser; token: string }> {
  const now = ctx.clock.now();
  // Counted before the password check, so a burst gets no more guesses through than one by one.
  // Keyed by address and by address plus account: the owner signing in elsewhere is never refused.
  const addressAndAccount = `${address} ${input.email}`;
  await takeTokenOrThrow(ctx.db, LIMITS.signInPerAddress, address, now);
  await takeTokenOrThrow(ctx.db, LIMITS.signInPerAddressAndAccount, addressAndAccount, now);
  // Counted for unknown emails too, so the wait tells nothing about which accounts exist.
  const accountAttempt = await countAttempt(ctx.db, SIGN_IN_ACCOUNT_BRAKE, input.email, now);
  const delayMs = brakeDelayMs(SIGN_IN_ACCOUNT_BRAKE, accountAttempt);
  if (delayMs > 0) await sleep(delayMs);
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const ok = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!row || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  // The limits count failures: a right password gives its tokens back.
  await refundToken(ctx.db, LIMITS.signInPerAddress, address, now);
  await refundToken(ctx.db, LIMITS.signInPerAddressAndAccount, addressAndAccount, now);
  await refundToken(ctx.db, SIGN_IN_ACCOUNT_BRAKE, input.email, now);
  // Told only to whoever knows the password: it says nothing about the account to anyone else.
  if (row.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED);
  // A new token at every sign-in: a token planted before sign-in is worth nothing after it.
  const token = await createSession(ctx.db, row.id, now, userAgent);
  const { passwordHash: _hash, ...user } = row;
  return { user, token };
}

/** Always answers the same way, whether or not the email has an account (no account probing). */
export async function requestPasswordReset(ctx: AppContext, email: string, address: string): Promise<void> {
  const now = ctx.clock.now();
  await takeTokenOrThrow(ctx.db, LIMITS.resetRequestsPerAddress, address, now);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  // Per account the limit is silent: answering differently would reveal that the account exists.
  if (!(await takeToken(ctx.db, LIMITS.resetRequestsPerAccount, email, now))) return;
  await ctx.db.transaction(async (tx) => {
    const resetUrl = await issuePasswordLink(ctx, tx, user.id, now);
    await enqueueEmail(tx, passwordResetEmail(user.email, user.fullName, resetUrl), now);
  });
  ctx.mailer.kick();
}

/**
 * A single-use link to choose a password, valid for `ttlSeconds`: a reset, or a new coordinator's
 * first password (issue 18), so no password ever travels through an admin. Only the token's hash
 * is stored; resetPassword spends it.
 */
export async function issuePasswordLink(ctx: AppContext, tx: Executor, userId: string, now: Date, ttlSeconds = RESET_TOKEN_TTL_SECONDS): Promise<string> {
  const token = newToken();
  await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) });
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please request a new one.';

/**
 * The token is checked before any hashing, so a bogus or used token costs one indexed lookup,
 * not a password hash. `hash` is a parameter so tests can count the hashes a reset computes.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; newPassword: string },
  address: string,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<void> {
  const now = ctx.clock.now();
  await takeTokenOrThrow(ctx.db, LIMITS.resetAttemptsPerAddress, address, now);
  const tokenHash = hashToken(input.token);
  const usableToken = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
  const [usable] = await ctx.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(usableToken);
  if (!usable) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN);
  // Hashing never runs inside a transaction: it would hold a connection and row locks for its whole duration.
  const passwordHash = await hash(input.newPassword);
  const email = await ctx.db.transaction(async (tx) => {
    // Single use even under concurrency: only one request can flip used_at from null.
    const [used] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(usableToken).returning({ userId: passwordResetTokens.userId });
    if (!used) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN);
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email, fullName: users.fullName });
    // The token row this transaction holds keeps its user (the foreign key cascades a delete to it).
    const user = firstRow(updated, 'the user of the reset token');
    // Whoever held the old password is signed out everywhere.
    await deleteSessionsOfUser(tx, used.userId);
    await endUserStreams(tx, used.userId);
    await enqueueEmail(tx, passwordChangedEmail(user.email, user.fullName), now);
    return user.email;
  });
  ctx.log.info({ email: email.replace(/^(.).*@/, '$1***@') }, 'password reset');
  ctx.mailer.kick();
}
