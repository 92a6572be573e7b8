import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../contract/constants';
import { ERROR_STATUS, ErrorBodySchema } from '../contract/errors';
import { rateLimitCounters } from './db/schema';
import { createSession, SESSION_COOKIE } from './modules/auth/sessions';
import type { DocumentedLimit } from './plugins/openapi';
import { LIMITS } from './plugins/rate-limit';
import { validJob } from './test/fixtures';
import { createTestApp, signInAs, signUp, type TestApp } from './test/test-app';

/**
 * Issue 20: every operation of the API document is fed generated bad input (wrong types, missing
 * and extra fields, huge and odd text, malformed JSON, wrong content types, bad ids and query
 * values), by anonymous callers, forged cookies and every role. No answer may be a 5xx; a refusal
 * is the contract's error body with the status its code names; the documented security holds; and
 * whatever counts toward a limit is declared by the route (config.limits, shown in the document).
 */
const SEED = 20_2026;
/** 80 per operation is about 3,400 requests; FUZZ_RUNS=1000 for a longer search by hand. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 80);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
}

interface Operation {
  name: string;
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** null: anyone; 'signed-in': any role; else these roles. */
  access: null | 'signed-in' | Role[];
  limitBuckets: Set<string>;
  statuses: Set<string>;
  /** Answers a text/event-stream that lasts until the caller leaves. */
  streams: boolean;
}

/** What exists: ids, emails and served ZIP codes that take a request deeper than made-up ones. */
interface Known {
  ids: string[];
  emails: string[];
  zipCodes: string[];
}

type Caller = 'anonymous' | 'forged-cookie' | 'teen' | 'teen-without-consent' | 'homeowner' | 'coordinator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'forged-cookie', 'teen', 'teen-without-consent', 'homeowner', 'coordinator', 'admin'];

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; text: string };

interface FuzzRequest {
  caller: Caller;
  forgedToken: string;
  path: string;
  query: string;
  body: Body;
  remoteAddress: string;
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const who = /Who may call: (.+)\./.exec(String(op.description))?.[1] ?? '';
      const limits = (op['x-rate-limits'] ?? []) as DocumentedLimit[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []) as Operation['parameters'],
        body: content?.['application/json']?.schema ?? null,
        access: who.startsWith('anyone') ? null : who === 'any signed-in user' ? 'signed-in' : (who.split(', ') as Role[]),
        limitBuckets: new Set(limits.map((limit) => LIMITS[limit.rule].bucket)),
        statuses: new Set(Object.keys(op.responses as object)),
        streams: JSON.stringify(op.responses).includes('text/event-stream'),
      };
    }),
  );
}

// ---- values that fit a schema, as far as the document tells ----------------------------------

function plausibleString(schema: JsonSchema, key: string, known: Known): fc.Arbitrary<string> {
  const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
  // The document cannot say what an email or a phone number looks like (zod refinements): the
  // handlers are only reached with the real thing.
  if (/email|^to$/i.test(key)) return fc.oneof(fc.constantFrom(...known.emails), fc.stringMatching(/^[a-z0-9]{1,12}([.+][a-z0-9]{1,8})?@[a-z0-9]{1,10}\.(com|org|app)$/), fc.emailAddress()).filter(fits);
  if (/phone/i.test(key)) return fc.constantFrom('617-555-0142', '+1 (617) 555-0199');
  if (/zip/i.test(key)) return fc.oneof(fc.constantFrom(...known.zipCodes), fc.stringMatching(/^\d{5}$/));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

function plausible(schema: JsonSchema, key: string, known: Known): fc.Arbitrary<unknown> {
  const value: fc.Arbitrary<unknown> = (() => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausible(option, key, known)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'string':
        return plausibleString(schema, key, known);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
      case 'number':
        return fc.oneof(fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 600 }), fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 600, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(plausible(schema.items ?? {}, key, known), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case 'object':
        return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, plausible(property, name, known)])), {
          requiredKeys: schema.required ?? [],
        });
      default:
        return fc.jsonValue();
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

// ---- hostile values ------------------------------------------------------------------------------

const HOSTILE_TEXT: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFFFF',
    '\u202Egnp.exe',
    '%00',
    '%',
    '../../etc/passwd',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    'https://evil.example/x',
    'null',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    ' 02139 ',
    '２０２３',
    '2026-02-30',
    '9999-99-99',
  ),
  // Longer than any field allows, yet a URL a proxy would pass.
  fc.integer({ min: 101, max: 4_000 }).map((n) => 'x'.repeat(n)),
);

const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  HOSTILE_TEXT,
  // Up to past the 64 kB body limit.
  fc.integer({ min: 4_000, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(-1, 0, -0.5, 1.005, -(2 ** 31), 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Keys a careless handler might trust or a parser might choke on; built with fromEntries, so __proto__ is a plain key. */
const EXTRA_KEYS = fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'userId', 'teenId', 'homeownerId', 'status', 'isAdmin', 'balanceCents', 'x');

const MALFORMED_JSON = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'nul',
  '',
  ' ',
  '"just a string"',
  '1e999',
  '{"a":1e999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\u0000',
  '\uFEFF{}',
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
);

const OTHER_CONTENT_TYPES = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'invalid',
);

function hostileObject(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const asObject = base.map((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}));
  return fc.oneof(
    // A required field missing.
    fc.tuple(asObject, fc.nat()).map(([value, pick]) => {
      const keys = Object.keys(value);
      return keys.length ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== keys[pick % keys.length])) : value;
    }),
    // A field of the wrong type, too long, or odd.
    fc.tuple(asObject, fc.nat(), HOSTILE_VALUE).map(([value, pick, bad]) => {
      const keys = Object.keys(value);
      return keys.length ? { ...value, [keys[pick % keys.length]!]: bad } : { x: bad };
    }),
    // Fields nobody asked for.
    fc.tuple(asObject, fc.array(fc.tuple(EXTRA_KEYS, HOSTILE_VALUE), { minLength: 1, maxLength: 3 })).map(([value, extra]) => Object.fromEntries([...Object.entries(value), ...extra])),
  );
}

function bodyFor(schema: JsonSchema | null, known: Known): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({ kind: 'json', value });
  const base = schema ? plausible(schema, '', known) : fc.constant({});
  return fc.oneof(
    // Fits the schema as far as the document tells: reaches the handler's own checks.
    { weight: 3, arbitrary: base.map(json) },
    { weight: 4, arbitrary: hostileObject(base).map(json) },
    { weight: 1, arbitrary: HOSTILE_VALUE.map(json) },
    { weight: 1, arbitrary: MALFORMED_JSON.map((text): Body => ({ kind: 'raw', contentType: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc.tuple(OTHER_CONTENT_TYPES, fc.oneof(base.map((value) => JSON.stringify(value) ?? ''), HOSTILE_TEXT)).map(([contentType, text]): Body => ({ kind: 'raw', contentType, text })),
    },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ kind: 'none' }, { kind: 'raw', contentType: 'application/json', text: JSON.stringify({ x: 'y'.repeat(70_000) }) }) },
  );
}

/** Percent-encodes the UTF-8 bytes, so even a lone surrogate makes a URL (as a browser would send). */
function encodeBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function pathFor(operation: Operation, known: Known): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const segment = (name: string) => {
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
      { weight: 2, arbitrary: plausible(schema, name, known).map((value) => encodeBytes(asText(value))) },
      { weight: 3, arbitrary: HOSTILE_TEXT.map(encodeBytes) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%2F', 'a;b', '%00') },
    );
  };
  return fc.tuple(...names.map(segment)).map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), operation.path));
}

function queryFor(operation: Operation, known: Known): fc.Arbitrary<string> {
  const documented = operation.parameters.filter((p) => p.in === 'query');
  const value = (p: Operation['parameters'][number]) =>
    fc.option(fc.oneof(plausible(p.schema, p.name, known).map(asText), HOSTILE_TEXT, HOSTILE_VALUE.map(asText)), { nil: undefined });
  const pairs = fc
    .tuple(
      fc.tuple(...documented.map((p) => value(p).map((v) => (v === undefined ? [] : [[p.name, v] as const])))),
      fc.array(fc.tuple(fc.oneof(EXTRA_KEYS, fc.constantFrom('limit', 'cursor', 'a[b]', 'a[__proto__][x]')), HOSTILE_TEXT), { maxLength: 2 }),
    )
    .map(([chosen, extra]) => [...chosen.flat(), ...extra].map(([k, v]) => `${encodeBytes(k)}=${encodeBytes(v)}`).join('&'));
  return fc.oneof(
    { weight: 6, arbitrary: pairs.map((q) => (q ? `?${q}` : '')) },
    { weight: 1, arbitrary: fc.constantFrom('?%', '?%zz=1', '?a=%E0%A4%A', '?&&&', '?=', '?limit=1&limit=2', '?status=posted&status=locked') },
  );
}

function requestFor(operation: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    caller: fc.constantFrom(...CALLERS),
    forgedToken: fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,300}$/),
    path: pathFor(operation, known),
    query: queryFor(operation, known),
    body: operation.body || operation.method !== 'GET' ? bodyFor(operation.body, known) : fc.constant<Body>({ kind: 'none' }),
    remoteAddress: fc.constantFrom('127.0.0.1', '10.0.0.7', '192.0.2.44', '2001:db8::1'),
  });
}

describe('every route, fed generated bad input', () => {
  let t: TestApp;
  let operations: Operation[];
  let users: Record<Exclude<Caller, 'anonymous' | 'forged-cookie'>, { id: string; role: Role }>;
  let known: Known;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const homeowner = await signInAs(t, 'homeowner');
    const posted = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: homeowner.cookie }, payload: validJob() });
    if (posted.statusCode !== 201) throw new Error(`posting the job failed: ${posted.body}`);
    const people = {
      teen: await signInAs(t, 'teen', { consent: 'approved' }),
      'teen-without-consent': await signUp(t, 'teen'),
      homeowner,
      coordinator: await signInAs(t, 'coordinator'),
      admin: await signInAs(t, 'admin'),
    };
    users = {
      teen: people.teen.user,
      'teen-without-consent': people['teen-without-consent'].user,
      homeowner: people.homeowner.user,
      coordinator: people.coordinator.user,
      admin: people.admin.user,
    };
    known = {
      ids: [...Object.values(users).map((user) => user.id), posted.json<{ id: string }>().id, '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      emails: Object.values(people).map((person) => person.user.email),
      zipCodes: t.ctx.config.serviceZips,
    };
    operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs' })).json());
  });
  afterAll(() => t.close());

  const countersByBucket = async (): Promise<Map<string, number>> => {
    const rows = await t.database.db
      .select({ bucket: rateLimitCounters.bucket, hits: sql<number>`sum(${rateLimitCounters.hits})::int` })
      .from(rateLimitCounters)
      .groupBy(rateLimitCounters.bucket);
    return new Map(rows.map((row) => [row.bucket, row.hits]));
  };

  /** The answer's status and body; a live stream that opened is left at once (its body never ends). */
  async function send(operation: Operation, request: FuzzRequest, cookies: Map<Caller, string>): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = {};
    if (request.caller === 'forged-cookie') headers.cookie = `${SESSION_COOKIE}=${request.forgedToken}`;
    else if (request.caller !== 'anonymous') headers.cookie = cookies.get(request.caller)!;
    const { body } = request;
    if (body.kind === 'json') headers['content-type'] = 'application/json';
    if (body.kind === 'raw' && body.contentType) headers['content-type'] = body.contentType;
    const response = await t.app.inject({
      method: operation.method as 'GET',
      url: `${request.path}${request.query}`,
      headers,
      remoteAddress: request.remoteAddress,
      payloadAsStream: operation.streams,
      ...(body.kind === 'json' ? { payload: JSON.stringify(body.value) ?? 'null' } : body.kind === 'raw' ? { payload: body.text } : {}),
    });
    if (!operation.streams) return { status: response.statusCode, body: response.body };
    const stream = response.stream();
    if (response.statusCode < 300) {
      stream.destroy();
      return { status: response.statusCode, body: '' };
    }
    return { status: response.statusCode, body: (await stream.toArray()).join('') };
  }

  /** A fresh session per caller for each operation: one operation signing its caller out leaves the next unharmed. */
  async function sessionCookies(): Promise<Map<Caller, string>> {
    const cookies = new Map<Caller, string>();
    for (const [caller, user] of Object.entries(users)) {
      cookies.set(caller as Caller, `${SESSION_COOKIE}=${await createSession(t.database.db, user.id, t.clock.now())}`);
    }
    return cookies;
  }

  it('answers every request with a 2xx or a 4xx the contract and the document describe, never a 5xx', async () => {
    const started = performance.now();
    const validLimitBuckets = new Set<string>(Object.values(LIMITS).map((rule) => rule.bucket));
    const countedBuckets = new Set<string>();
    let requests = 0;
    const failures: string[] = [];

    let counters = await countersByBucket();
    for (const operation of operations) {
      const cookies = await sessionCookies();
      const check = async (request: FuzzRequest) => {
        // A minute per request: a 15-minute window sees 15 attempts at most, so the sign-in brake
        // (a real wait from an account's 11th failure in a window) never slows the run.
        t.clock.advance(60_000);
        const response = await send(operation, request, cookies);
        requests++;
        const { status } = response;
        const where = `${operation.name} as ${request.caller} -> ${status} ${response.body.slice(0, 300)}`;
        expect(status, where).toBeLessThan(500);

        const before = counters;
        counters = await countersByBucket();
        for (const [bucket, hits] of counters) {
          if (hits > (before.get(bucket) ?? 0) && validLimitBuckets.has(bucket)) {
            countedBuckets.add(bucket);
            expect(operation.limitBuckets.has(bucket), `${where}: counts toward ${bucket}, which the route does not declare in config.limits`).toBe(true);
          }
        }

        if (status >= 400) {
          const error = ErrorBodySchema.safeParse(JSON.parse(response.body || 'null'));
          expect(error.success, `${where}: not the contract's error body`).toBe(true);
          const code = error.data!.code as keyof typeof ERROR_STATUS;
          expect(ERROR_STATUS[code], `${where}: code and status disagree`).toBe(status);
          if (code === 'RATE_LIMITED') expect(operation.limitBuckets.size, `${where}: answers RATE_LIMITED without declaring its limits`).toBeGreaterThan(0);
        }
        // 404 is also what any unknown URL gets (a path parameter the router cannot match).
        if (status !== 404) expect(operation.statuses.has(String(status)), `${where}: status not in the document`).toBe(true);
        if (status < 300) {
          const { caller } = request;
          if (caller === 'anonymous' || caller === 'forged-cookie') {
            if (operation.access) throw new Error(`${where}: answered without a session`);
          } else if (Array.isArray(operation.access) && !operation.access.includes(users[caller].role)) {
            throw new Error(`${where}: answered a role it does not allow`);
          }
        }
      };
      // The first failing request is reported as it was (no shrinking, which costs a request a
      // step); fast-check's { seed, path } replays it.
      const details = await fc.check(fc.asyncProperty(requestFor(operation, known), check), { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
      if (details.failed) {
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(`${operation.name} (seed ${SEED}, path ${details.counterexamplePath}): ${error.slice(0, 600)}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`api fuzz: ${requests} requests to ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`);

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
    // The recorder above saw every limit counted at least once, so its check is not vacuous.
    expect([...countedBuckets].sort()).toEqual([...validLimitBuckets].sort());

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    for (const user of Object.values(users)) {
      const token = await createSession(t.database.db, user.id, t.clock.now());
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } })).statusCode).toBe(200);
    }
  }, 300_000);
});
