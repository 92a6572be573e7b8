import { eq } from 'drizzle-orm';
import type { ProfileChanges, UpdatedUser } from '../../../contract/users';
import { canActAs } from '../../../domain/access';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { requireServedHomeZip } from '../areas/service-areas';
import { toUserDto } from '../auth/auth.service';
import type { SessionUser } from '../auth/sessions';

export async function setAvailability(ctx: AppContext, userId: string, isAvailable: boolean): Promise<SessionUser> {
  const [target] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound('User not found.');
  if (target.role !== 'teen') throw new AppError('VALIDATION_FAILED', 'Only teens have an availability setting.');
  const [row] = await ctx.db
    .update(users)
    .set({ isAvailable, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  const { passwordHash: _hash, ...user } = row!;
  return user;
}

/**
 * A coordinator sets their base (issue 17), where their routes start and end; null and null go back
 * to their first ZIP code's centre. Their own only: a base may be their home.
 */
export async function setCoordinatorBase(ctx: AppContext, caller: SessionUser, userId: string, base: { baseLatitude: number | null; baseLongitude: number | null }): Promise<SessionUser> {
  if (caller.id !== userId) throw forbidden('Only coordinators set their own base.');
  if (caller.role !== 'coordinator') throw new AppError('VALIDATION_FAILED', 'Only coordinators have a base.');
  const [row] = await ctx.db
    .update(users)
    .set({ baseLatitude: base.baseLatitude, baseLongitude: base.baseLongitude, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found.');
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/**
 * Edit Profile (issue 16): a person changes their own full name, and a teen or homeowner their ZIP
 * code, which must be an active area's, as at sign-up. Their own only, admins included: the name is
 * what the app signs their messages with, and an admin's changes to people go through the audited
 * admin calls. Everything that follows a ZIP code reads it from the row (a teen's area coordinator
 * and their list of teens, the leaderboard, recommendations, the explorer's view of the teen); the
 * cached sessions are dropped by the users table's change signal. Jobs keep their own ZIP codes, so
 * a live lock or an accepted job stays as it is, with its area's coordinator.
 */
export async function updateProfile(ctx: AppContext, caller: SessionUser, userId: string, changes: ProfileChanges): Promise<SessionUser> {
  if (!canActAs(caller, userId)) throw forbidden('You can only change your own profile.');
  if (changes.zipCode !== undefined) {
    if (caller.role !== 'teen' && caller.role !== 'homeowner') {
      const message = caller.role === 'coordinator' ? "A coordinator's ZIP codes are set by an admin." : 'Admins have no ZIP code.';
      throw new AppError('VALIDATION_FAILED', message, { zipCode: message });
    }
    await requireServedHomeZip(ctx, changes.zipCode);
  }
  const [row] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found.');
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/** The account as PATCH /api/users/{id} answers it: the user, and a coordinator's base to themself. */
export function toUpdatedUserDto(user: SessionUser): UpdatedUser {
  const base = user.role === 'coordinator' && user.baseLatitude !== null && user.baseLongitude !== null ? { latitude: user.baseLatitude, longitude: user.baseLongitude } : null;
  return { ...toUserDto(user), base };
}
