import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, SUPPORT_EMAIL } from '../../contract/constants';
import { ErrorBodySchema } from '../../contract/errors';
import type { Config } from '../config';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import type { Access } from './auth';
import { LIMITS, type RateLimitRule } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The LIMITS rules the route counts its callers against, declared next to its auth so a reader
     * (and the API document) sees the route's rules in one place. Start-up fails on a rule that is
     * not in LIMITS; a test checks that what the handlers take is declared.
     */
    limits?: readonly RateLimitRule[];
  }
}

export const SESSION_SCHEME = 'sessionCookie';

/** Schemas the document names once under components.schemas and refers to everywhere else. */
const namedSchemas = z.registry<{ id: string }>();
namedSchemas.add(ErrorBodySchema, { id: 'ErrorBody' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
const namedSchemasTransform = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

/** The named schemas come in an input and an output variant each; a variant no route uses is left out. */
function withoutUnusedSchemas(document: ReturnType<SwaggerTransformObject>): ReturnType<SwaggerTransformObject> {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify(document);
  for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return document;
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The name of `rule` in LIMITS (`signInPerAddressAndAccount`), or undefined for a rule not taken from it. */
function nameOfRule(rule: RateLimitRule): keyof typeof LIMITS | undefined {
  return (Object.keys(LIMITS) as (keyof typeof LIMITS)[]).find((name) => LIMITS[name] === rule);
}

/** What the document says of a limit (`x-rate-limits`): the key it counts by comes from the rule's name. */
export interface DocumentedLimit {
  rule: keyof typeof LIMITS;
  limit: number;
  windowSeconds: number;
  /** 'address', 'address and account', 'teen' ... */
  per: string;
}

function documentedLimit(rule: RateLimitRule): DocumentedLimit {
  const name = nameOfRule(rule);
  if (!name) throw new Error(`rate-limit rule ${rule.bucket} is not in LIMITS`);
  const per = name.slice(name.lastIndexOf('Per') + 'Per'.length).replace(/[A-Z]/g, (letter, at: number) => `${at ? ' ' : ''}${letter.toLowerCase()}`);
  return { rule: name, limit: rule.limit, windowSeconds: rule.windowMs / 1000, per };
}

function formatWindow(seconds: number): string {
  const minutes = seconds / 60;
  if (minutes % 60 !== 0) return minutes === 1 ? 'minute' : `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'hour' : `${hours} hours`;
}

/** "30 per 15 minutes per address". */
const describeLimits = (limits: readonly DocumentedLimit[]): string =>
  limits.map(({ limit, windowSeconds, per }) => `${limit} per ${formatWindow(windowSeconds)} per ${per}`).join('; ');

/** `postJobsByIdAccept` for POST /api/jobs/:id/accept: stable, unique per method and path, camelCase. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_]/)));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function whoMayCall(access: Access): string {
  if (access === 'public') return 'anyone, no session needed';
  if (access === 'signed-in') return 'any signed-in user';
  return access.join(', ');
}

type ResponseEntry = { description: string; content: Record<string, { schema: unknown }> };

const errorAnswer = (description: string): ResponseEntry => ({ description, content: { 'application/json': { schema: ErrorBodySchema } } });

/**
 * The refusals a route gives by what it declares: its input schemas (400), its auth (401, 403),
 * its path parameters (404), a state-changing method (403 for a cross-site request,
 * plugins/origin-check.ts; 413 and 415 for its body) and its limits (429).
 */
function declaredRefusals(route: RouteOptions, schema: FastifySchema, access: Access, limits: readonly DocumentedLimit[], bodyLimitBytes: number): Record<number, ResponseEntry> {
  const refusals: Record<number, ResponseEntry> = {};
  const ownStatuses = new Set(Object.keys(schema.response ?? {}));
  const changesState = [route.method].flat().some((method) => STATE_CHANGING_METHODS.has(method));
  const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  refusals[400] = errorAnswer(
    schema.body || schema.querystring || schema.params
      ? 'The request is not valid: `message` says what is wrong and `fields` names each refused input.'
      : 'The request cannot be read: a body that is not JSON, or text holding a NUL character.',
  );
  if (access !== 'public') refusals[401] = errorAnswer('Not signed in, or the session has ended (`UNAUTHENTICATED`).');
  const forbiddenBecause = [
    ...(typeof access === 'object' ? [`signed in, but not as ${access.join(' or ')} (\`FORBIDDEN\`)`] : []),
    // Ownership is checked in the services (conventions 2); the routes that check it list their 403.
    ...(ownStatuses.has('403') ? ['not allowed to act on this resource (`FORBIDDEN`)'] : []),
    ...(changesState ? ['the request came from a page of another site than this server (`CROSS_SITE_REQUEST`)'] : []),
  ];
  if (forbiddenBecause.length > 0) refusals[403] = errorAnswer(`Refused: ${forbiddenBecause.join('; or ')}.`);
  if (pathParams.length > 0) refusals[404] = errorAnswer(`Nothing found for the ${pathParams.join(' and ')} in the path (\`NOT_FOUND\`).`);
  // Any request that may carry a body has it parsed (as JSON only), whether or not the route reads it.
  if (changesState) {
    refusals[413] = errorAnswer(`The body is larger than ${bodyLimitBytes / 1024} kB (\`PAYLOAD_TOO_LARGE\`).`);
    refusals[415] = errorAnswer('The body is not JSON (`UNSUPPORTED_MEDIA_TYPE`).');
  }
  if (limits.length > 0) refusals[429] = errorAnswer(`Too many attempts (\`RATE_LIMITED\`): ${describeLimits(limits)}.`);
  return refusals;
}

/** A route's own answer, with its description: ours for the refusals we know, else the status's name. */
function withDescription(status: string, answer: unknown, known: ResponseEntry | undefined): unknown {
  const isContentForm = typeof answer === 'object' && answer !== null && 'content' in answer;
  if (isContentForm) return answer;
  const ownDescription = answer instanceof z.ZodType ? answer.description : undefined;
  return { description: ownDescription ?? known?.description ?? STATUS_CODES[Number(status)] ?? status, content: { 'application/json': { schema: answer } } };
}

/**
 * zod's `z.record(z.enum([...]), v)` becomes `required` names with no `properties` in OpenAPI 3.0
 * (which has no `propertyNames`): the names are spelled out as properties, none other allowed.
 */
function spellOutRecordKeys(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(spellOutRecordKeys);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const { required, additionalProperties } = schema;
  if (schema.type === 'object' && Array.isArray(required) && typeof additionalProperties === 'object' && additionalProperties !== null) {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    for (const name of required as string[]) properties[name] ??= additionalProperties;
    schema.properties = properties;
    schema.additionalProperties = false;
  }
  Object.values(schema).forEach(spellOutRecordKeys);
}

/**
 * Writes into each operation what the route already declares (conventions 2): its security from
 * `config.auth`, the roles and limits in its description, its refusals, and an operationId.
 */
function describeRoute(input: Parameters<typeof jsonSchemaTransform>[0], bodyLimitBytes: number): ReturnType<typeof jsonSchemaTransform> {
  const { route, schema } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const access = route.config?.auth ?? 'public';
  const limits = (route.config?.limits ?? []).map(documentedLimit);
  const refusals = declaredRefusals(route, schema, access, limits, bodyLimitBytes);
  const ownAnswers = Object.entries((schema.response ?? {}) as Record<string, unknown>).map(([status, answer]) => [status, withDescription(status, answer, refusals[Number(status)])]);
  const description = [
    schema.description,
    `Who may call: ${whoMayCall(access)}.`,
    ...(limits.length > 0 ? [`Limited: ${describeLimits(limits)}.`] : []),
  ].filter(Boolean);
  const transformed = jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      operationId: operationIdOf([route.method].flat()[0]!, route.url),
      description: description.join('\n\n'),
      security: access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
      response: { ...refusals, ...Object.fromEntries(ownAnswers) },
      ...(limits.length > 0 ? { 'x-rate-limits': limits } : {}),
    } as typeof schema,
  });
  spellOutRecordKeys(transformed.schema);
  const answers = (transformed.schema.response ?? {}) as Record<string, { description?: string }>;
  // A 204 has no body: a null type tells @fastify/swagger to describe none.
  if (answers[204]) answers[204] = { type: 'null', description: answers[204].description } as { description?: string };
  return transformed;
}

/**
 * The API document at /api/docs (OpenAPI 3.0.3), built from the routes' own declarations. It
 * must pass `npm run lint:api` (Redocly's recommended rules) with no error or warning.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): Promise<void> {
  app.addHook('onRoute', (route) => {
    for (const rule of route.config?.limits ?? []) {
      if (!nameOfRule(rule)) throw new Error(`Route ${String(route.method)} ${route.url} declares a limit that is not in LIMITS (${rule.bucket}).`);
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Yardly API',
        version: APP_VERSION,
        description: 'Every route, its payloads, who may call it and how often. Errors are `{ message, code, fields? }`.',
        contact: { name: 'Yardly support', email: SUPPORT_EMAIL },
        license: { name: 'Yardly Terms of Service', url: `${config.publicUrl}/terms-of-service` },
      },
      servers: [{ url: config.publicUrl, description: 'This installation (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that signing in or signing up sets (HttpOnly, SameSite=Lax).',
          },
        },
      },
    },
    transform: (input) => describeRoute(input, app.initialConfig.bodyLimit ?? 1024 * 1024),
    transformObject: (document) => withoutUnusedSchemas(namedSchemasTransform(document)),
  });
  app.get('/api/docs', {
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
}
