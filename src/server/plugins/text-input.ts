import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Where the first string holding a NUL character sits in a request's body or query ('title',
 * 'equipment.0'), or null. JSON allows "\u0000" but PostgreSQL's text cannot store it, so such a
 * value would otherwise fail in the database as a 500. Walked without recursion: a body is
 * bounded in bytes, not in depth.
 */
export function findNulCharacter(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** Refuses, with the field named, any request whose body or query holds a NUL character. */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findNulCharacter(request.body) ?? findNulCharacter(request.query);
    if (field === null) return done();
    const message = 'Text cannot contain a NUL character';
    done(new AppError('VALIDATION_FAILED', field ? `${field}: ${message}` : message, { [field]: message }));
  });
}
