import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
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
