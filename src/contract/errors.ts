import { z } from 'zod';
import { RuleReferenceSchema } from './safety';

/** Every error the API answers with; `code` is what clients branch on. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  ZIP_NOT_SERVED: 400,
  INVALID_RESET_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** An admin suspended the account (issue 18): sign-in is refused, whatever the password. */
  ACCOUNT_SUSPENDED: 403,
  /** A state-changing request sent from a page of another site (its Origin or Referer). */
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  JOB_NOT_AVAILABLE: 409,
  LOCK_HELD: 409,
  LOCK_EXPIRED: 409,
  /** A teen locking a job again within 15 minutes of releasing it or letting the lock run out (the message says when). */
  LOCK_COOLDOWN: 409,
  INVALID_TRANSITION: 409,
  CONSENT_REQUIRED: 403,
  /**
   * The safety rules by age refuse a teen this job or its start now (issue 21): the body also names
   * every rule that said no (`rules`) and what is open instead (`alternative`).
   */
  AGE_RULE: 403,
  CONSENT_ALREADY_APPROVED: 409,
  CONSENT_LINK_INVALID: 404,
  CONSENT_LINK_USED: 409,
  CONSENT_LINK_EXPIRED: 410,
  CONSENT_LINK_REPLACED: 410,
  CONSENT_TEXT_CHANGED: 409,
  TEEN_AGE_NOT_ALLOWED: 400,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A user already holds the most live-event streams (GET /api/events) allowed, on every server together. */
  TOO_MANY_STREAMS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error body of every route. `message` is what a person reads; `code` is what code branches
 * on; `fields` names each input that was refused with the first thing wrong with it, in the order the
 * checks ran (a form puts each under its field and focuses the first). An AGE_RULE refusal adds the
 * rules that said no and what is open instead.
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  rules: z.array(RuleReferenceSchema).optional(),
  alternative: z.string().nullable().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
