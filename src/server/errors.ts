import { ERROR_STATUS, type ErrorCode } from '../contract/errors';

/** The one error class of the server: a code from the contract, a message a person can read. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Each refused input with what is wrong with it (ErrorBody's `fields`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
