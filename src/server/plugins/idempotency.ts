import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../contract/errors';
import { IDEMPOTENCY_HEADER } from '../../contract/payments';
import type { AppContext } from '../context';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';
import { requireUser } from './auth';
import { errorBodyOf } from './error-handler';

/** Other headers pass through untouched; only the key is checked. */
export const IdempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1 to 200 visible ASCII characters')
    .optional(),
});

type Answer = { ok: true; body: unknown } | { ok: false; error: ErrorBody };

/**
 * Runs a call once per Idempotency-Key and caller: the first answer (success or refusal) is stored
 * in the same transaction as the work, and a retry gets it back instead of running again. Two
 * requests with one key at once: the second waits on the key's primary key until the first
 * commits, then reads its answer. Without a key the work simply runs.
 */
export async function respondIdempotently<T>(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, status: number, work: (db: Executor) => Promise<T>): Promise<T> {
  reply.status(status);
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string') return work(ctx.db);
  const user = requireUser(request);
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const answer = await ctx.db.transaction(async (tx): Promise<Answer> => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId: user.id, key, fingerprint, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    if (!claimed) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.fingerprint !== fingerprint || first.statusCode === null) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
      }
      return first.statusCode === status ? { ok: true, body: first.response } : { ok: false, error: first.response as ErrorBody };
    }
    let result: Answer;
    try {
      result = { ok: true, body: await tx.transaction((savepoint) => work(savepoint)) };
    } catch (err) {
      // A refusal is an answer too: the work is rolled back to its savepoint, the answer is kept.
      if (!(err instanceof AppError)) throw err;
      result = { ok: false, error: errorBodyOf(err) };
    }
    const statusCode = result.ok ? status : ERROR_STATUS[result.error.code as ErrorCode];
    await tx.update(idempotencyKeys).set({ statusCode, response: result.ok ? result.body : result.error }).where(where);
    return result;
  });
  if (!answer.ok) {
    const { code, message, fields, rules, alternative } = answer.error;
    throw new AppError(code as ErrorCode, message, fields, rules ? { rules, alternative: alternative ?? null } : undefined);
  }
  return answer.body as T;
}

/** Keys are kept a day: long enough for any client's retries. */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
