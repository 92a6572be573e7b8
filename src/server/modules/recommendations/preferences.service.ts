import { eq } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, UserPreferencesSchema, type UserPreferences } from '../../../contract/preferences';
import { canChangeUser, canReadUser } from '../../../domain/access';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { userPreferences, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';

const OWN_ONLY = 'Only the teen and admins can see or change their preferences.';

/**
 * The teen the path names, as the caller may reach them: a teen only their own (403 otherwise), an
 * admin any teen (404 for an id that is not a teen's). Returns the teen's account.
 */
export async function reachableTeen(db: Executor, caller: SessionUser, teenId: string, change: boolean): Promise<SessionUser> {
  if (!(change ? canChangeUser(caller, teenId) : canReadUser(caller, teenId))) throw forbidden(OWN_ONLY);
  if (caller.id === teenId) {
    if (caller.role !== 'teen') throw notFound('Teen not found');
    return caller;
  }
  const [row] = await db.select().from(users).where(eq(users.id, teenId));
  if (!row || row.role !== 'teen') throw notFound('Teen not found');
  const { passwordHash: _, ...teen } = row;
  return teen;
}

/**
 * A stored object read field by field: a field the contract no longer accepts (a range narrowed since
 * it was saved) falls back to its default rather than failing the teen's dashboard.
 */
export function storedPreferences(stored: unknown): UserPreferences {
  const result: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === 'object') {
    for (const [key, field] of Object.entries(UserPreferencesSchema.shape)) {
      const parsed = field.safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result as UserPreferences;
}

/** GET /api/users/{id}/preferences: the saved object, or spec 5's defaults when never saved. */
export async function readPreferences(ctx: AppContext, caller: SessionUser, teenId: string): Promise<UserPreferences> {
  const teen = await reachableTeen(ctx.db, caller, teenId, false);
  const [row] = await ctx.db.select({ preferences: userPreferences.preferences }).from(userPreferences).where(eq(userPreferences.userId, teen.id));
  return row ? storedPreferences(row.preferences) : DEFAULT_PREFERENCES;
}

/** POST and PUT /api/users/{id}/preferences: the whole object replaces what was saved; answers it. */
export async function savePreferences(ctx: AppContext, caller: SessionUser, teenId: string, preferences: UserPreferences): Promise<UserPreferences> {
  const teen = await reachableTeen(ctx.db, caller, teenId, true);
  await ctx.db
    .insert(userPreferences)
    .values({ userId: teen.id, preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { preferences, updatedAt: ctx.clock.now() } });
  return preferences;
}
