import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONSENT_MESSAGES } from '../../../domain/consent';
import type { Executor } from '../../db/client';
import { parentalConsents } from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken } from '../auth/sessions';
import type { ConsentRow } from './consent-records';

/**
 * The link's token is `<request id>.<secret>`: the id finds the row, and the secret's SHA-256 is
 * compared in constant time with the stored hash (only the hash is stored).
 */
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** A new link; given the id of a held request, the link it gets once released (its first one was never sent). */
export function newConsentToken(id: string = randomUUID()): { id: string; token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, tokenHash: hashToken(secret) };
}

const invalidLink = () => new AppError('CONSENT_LINK_INVALID', CONSENT_MESSAGES.invalid);

/** The request a token opens, locked for the caller's transaction when `forUpdate`; a bogus token is a 404. */
export async function findByToken(db: Executor, token: string, forUpdate = false): Promise<ConsentRow> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw invalidLink();
  const [id, secret] = [match[1]!, match[2]!];
  const query = db.select().from(parentalConsents).where(eq(parentalConsents.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw invalidLink();
  const expected = Buffer.from(row.tokenHash, 'hex');
  const given = Buffer.from(hashToken(secret), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  return row;
}
