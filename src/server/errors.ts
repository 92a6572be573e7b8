import { ERROR_STATUS, type ErrorCode } from '../contract/errors';
import type { RuleReference } from '../contract/safety';

/** What an AGE_RULE refusal carries besides its message (ErrorBody's `rules` and `alternative`). */
export interface RuleRefusal {
  rules: RuleReference[];
  alternative: string | null;
}

/** The one error class of the server: a code from the contract, a message a person can read. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Each refused input with what is wrong with it (ErrorBody's `fields`). */
    readonly fields?: Record<string, string>,
    readonly ruleRefusal?: RuleRefusal,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
/** A 400 for one input the schema alone cannot judge (it depends on stored rows): named in the message and in `fields`. */
export const invalidField = (field: string, message: string) => new AppError('VALIDATION_FAILED', `${field}: ${message}`, { [field]: message });

/**
 * A row the database must have given back is not there (an INSERT ... RETURNING, a row this
 * transaction holds): a broken invariant, never the caller's fault. The error handler answers 500
 * and logs it by this name.
 */
export class MissingRowError extends Error {
  override readonly name = 'MissingRowError';
  constructor(what: string) {
    super(`Expected ${what} in the database, found none.`);
  }
}

/** The first of `rows`, which the query guarantees; MissingRowError naming `what` if it broke that promise. */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new MissingRowError(what);
  return row;
}
