import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/errors';
import { AppError } from '../errors';

/** Fastify's own client errors, mapped to the contract's codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_FAILED', message: 'The request length is wrong.' },
};

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, badly encoded or not of its
 * type), from node-postgres or PGlite, whether or not drizzle wrapped them as a query error's cause.
 */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

export function errorBodyOf(error: AppError): ErrorBody {
  return {
    message: error.message,
    code: error.code,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.ruleRefusal ? { rules: error.ruleRefusal.rules, alternative: error.ruleRefusal.alternative } : {}),
  };
}

const INTERNAL_ERROR: ErrorBody = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };

/**
 * Fastify's `frameworkErrors`: the router's own refusals, which never reach the error handler. A
 * path that is not valid percent-encoding, or a path parameter longer than the router's limit (no
 * id is), is bad input like any other; Fastify's default answer would echo the path back, in no
 * contract shape (414 for an overlong one).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const message = error.code === 'FST_ERR_BAD_URL' ? 'The path of the request is not valid.' : 'A value in the path is too long.';
    void reply.status(400).send({ message, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
    return;
  }
  request.log.error({ err: error }, 'unexpected router error');
  void reply.status(500).send(INTERNAL_ERROR);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { errors?: unknown };
}
type BranchIssue = { code: string; path: PropertyKey[]; message: string };

/**
 * A body that fits none of a union's shapes (PATCH /api/users/{id} takes one of several) fails as a
 * whole, 'Invalid input', naming no field. When the body's keys are those of exactly one shape (the
 * only one with no unknown key), its own issues are what is wrong, so they are named instead.
 */
function unionBranchIssues(issue: ValidationIssue): ValidationIssue[] {
  const branches = issue.keyword === 'invalid_union' && Array.isArray(issue.params?.errors) ? (issue.params.errors as BranchIssue[][]) : [];
  const fitting = branches.filter((branch) => !branch.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
  if (fitting.length !== 1) return [issue];
  const prefix = issue.instancePath.replace(/\/$/, '');
  return fitting[0]!.map((i) => ({ instancePath: `${prefix}/${i.path.map(String).join('/')}`, message: i.message }));
}

/** Errors are `{message, code, fields?}` (contract/errors.ts); a 500 never carries internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(errorBodyOf(error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation.flatMap(unionBranchIssues)) fields[issue.instancePath.replace(/^\//, '').replaceAll('/', '.')] ??= issue.message ?? 'Invalid value';
      const [first] = Object.entries(fields);
      const message = first ? (first[0] ? `${first[0]}: ${first[1]}` : first[1]) : 'Invalid request.';
      return reply.status(400).send({ message, code: 'VALIDATION_FAILED', fields } satisfies ErrorBody);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(known satisfies ErrorBody);
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'The request could not be understood.', code: 'VALIDATION_FAILED' });
    }
    if (isDataException(error)) {
      // A value the schemas let through but the database cannot hold: still the request's fault.
      request.log.warn({ err: error }, 'database refused a value from the request');
      return reply.status(400).send({ message: 'A value in the request cannot be stored.', code: 'VALIDATION_FAILED' } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    else request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(INTERNAL_ERROR);
  });
}
