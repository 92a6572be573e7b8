import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSchoolCalendar, type SchoolCalendar } from '../domain/safety-rules/school-calendar';
import { hasStateLayer } from '../domain/safety-rules/rules';
import type { TravelModel } from '../domain/routing/travel';

/** The bundled school year of the default service ZIP codes (issue 21). */
export const DEFAULT_SCHOOL_CALENDAR = fileURLToPath(new URL('./modules/safety/ma-school-calendar.json', import.meta.url));

/** A bad file stops start-up with one line naming it, like any other setting. */
function readSchoolCalendar(file: string): SchoolCalendar {
  const refuse = (what: string) => new ConfigError(`Invalid configuration: SCHOOL_CALENDAR: ${what.replace(/\s+/g, ' ')}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw refuse(`cannot read ${file} as JSON (${(err as Error).message})`);
  }
  try {
    return parseSchoolCalendar(json, file);
  } catch (err) {
    throw refuse((err as Error).message);
  }
}

const zipList = z
  .string()
  .transform((value) => value.split(',').map((zip) => zip.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{5}$/, 'each ZIP code must be 5 digits')).min(1, 'at least one ZIP code'));

const TRUST_PROXY_FORMAT = 'a hop count (e.g. 1) or a comma list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1)';

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Fastify's `trustProxy` function: whether the address at this hop (0 = the socket's) is a trusted proxy. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it. Nothing is trusted by default: a client could
 * otherwise pick the address that rate limits and consent evidence record. A hop count is a
 * function, not a number: Fastify 5 reads a number as "trust nothing", and a string as addresses.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxyFunction | string[] => {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return (_address, hop) => hop < hops;
    ctx.addIssue({ code: 'custom', message: `a hop count is 1 to 10 (unset TRUST_PROXY to trust no proxy); expected ${TRUST_PROXY_FORMAT}` });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `${bad === undefined ? 'no proxy given' : `"${bad}" is not an address or CIDR`}; expected ${TRUST_PROXY_FORMAT}` });
    return z.NEVER;
  }
  return entries;
});

/** OpenStreetMap's own tiles: fine for light use under its tile usage policy; busy installs name their own. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';
/** OpenStreetMap's attribution guidelines ask for a link to its copyright page. */
export const DEFAULT_MAP_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';

/**
 * MAP_TILE_URL: an http(s) template with {z}, {x} and {y} on one host, since the page's CSP allows
 * images from that origin alone (so no {s} subdomains).
 */
const tileUrl = z.string().superRefine((value, ctx) => {
  const refuse = (message: string) => ctx.addIssue({ code: 'custom', message: `${message}; expected a template such as ${DEFAULT_MAP_TILE_URL}` });
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !value.includes(part));
  if (missing.length > 0) return refuse(`needs ${missing.join(', ')}`);
  if (value.includes('{s}')) return refuse('{s} subdomains are not supported (the CSP allows one tile host)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('an http(s) URL');
});

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    EMAIL_FROM: z.string().default('Yardly <no-reply@yardly.local>'),
    PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(10),
    /** Cambridge, Massachusetts: the demo town. */
    SERVICE_ZIPS: zipList.default(['02138', '02139', '02140', '02141', '02142']),
    TIMEZONE: z
      .string()
      .default('America/New_York')
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'unknown time zone'),
    /** The state whose child labor law applies besides federal law (issue 21); one without a layer in the rules table gets federal rules only. */
    STATE: z.string().regex(/^[A-Z]{2}$/, 'a two-letter state code such as MA').default('MA'),
    SCHOOL_CALENDAR: z.string().optional(),
    SEED_DEMO: z.enum(['0', '1']).optional(),
    /** The route optimizer's travel model (issue 17): road miles per great-circle mile, driving speed, time at each stop. */
    ROAD_FACTOR: z.coerce.number().min(1, 'at least 1 (a road is never shorter than the straight line)').max(3).default(1.3),
    AVERAGE_SPEED_MPH: z.coerce.number().min(1).max(80).default(20),
    VISIT_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
    /** An OSRM server (issue 17) whose table service gives road miles and minutes; the default travel model without it or when it does not answer. */
    ROUTING_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL of an OSRM server' }).optional(),
    /**
     * A Nominatim-compatible search endpoint (issue 17), e.g. http://nominatim:8080/search or Photon's
     * http://photon:2322/api: a job posted without a pin is placed at its geocoded address.
     */
    GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL of a geocoder search endpoint' }).optional(),
    /** Where the maps' tiles come from (issue 17): the route optimizer's and Post a Job's. */
    MAP_TILE_URL: tileUrl.default(DEFAULT_MAP_TILE_URL),
    /** Who the tiles' map data is credited to, as plain text; the tile service's terms say what. */
    MAP_TILE_ATTRIBUTION: z.string().max(200, 'at most 200 characters').default(DEFAULT_MAP_ATTRIBUTION),
    /** Where the credit links to; `none` for no link. */
    MAP_TILE_ATTRIBUTION_URL: z
      .union([z.literal('none'), z.url({ protocol: /^https?$/, error: 'an http(s) URL, or none for no link' })])
      .default(DEFAULT_MAP_ATTRIBUTION_URL),
    TRUST_PROXY: trustProxy.optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    /** Where the built web client is; defaults to dist/web. */
    WEB_ROOT: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => !c.ADMIN_EMAIL === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    path: ['ADMIN_PASSWORD'],
  })
  // The demo accounts' password is published: in production they would be open doors.
  .refine((c) => !(c.NODE_ENV === 'production' && c.SEED_DEMO === '1'), {
    message: 'demo accounts are never seeded in production (NODE_ENV=production); unset SEED_DEMO and create real accounts with ADMIN_EMAIL or npm run user:create',
    path: ['SEED_DEMO'],
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  smtpUrl: string | null;
  emailFrom: string;
  platformFeePercent: number;
  serviceZips: string[];
  timezone: string;
  /** The child labor law's state, and whether the rules table has a layer for it. */
  state: { code: string; hasOwnRules: boolean };
  schoolCalendar: SchoolCalendar;
  /** How the route optimizer turns points into miles and minutes. */
  travel: TravelModel;
  /** The OSRM server for road distances and times; null: the default travel model. */
  routingUrl: string | null;
  /** The geocoder's search endpoint; null: jobs without a pin take their ZIP code's centre. */
  geocoderUrl: string | null;
  /** The maps' tiles: the URL template, its origin (the only other one the CSP lets images come from) and their credit. */
  map: { tileUrl: string; tileOrigin: string; attribution: string; attributionUrl: string | null };
  seedDemo: boolean;
  /** Fastify's `trustProxy`: false (the socket's address), trust of so many hops, or the proxies' addresses. */
  trustProxy: false | TrustProxyFunction | string[];
  admin: { email: string; password: string } | null;
  logLevel: string;
  webRoot: string | null;
}

/** Parses the environment once; a bad variable throws one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as operators expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
  }
  const c = parsed.data;
  const usesPglite = !c.DATABASE_URL;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    database: c.DATABASE_URL
      ? { kind: 'postgres', url: c.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(c.DATA_DIR) },
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    smtpUrl: c.SMTP_URL ?? null,
    emailFrom: c.EMAIL_FROM,
    platformFeePercent: c.PLATFORM_FEE_PERCENT,
    serviceZips: c.SERVICE_ZIPS,
    timezone: c.TIMEZONE,
    state: { code: c.STATE, hasOwnRules: hasStateLayer(c.STATE) },
    schoolCalendar: readSchoolCalendar(c.SCHOOL_CALENDAR ? path.resolve(c.SCHOOL_CALENDAR) : DEFAULT_SCHOOL_CALENDAR),
    travel: { roadFactor: c.ROAD_FACTOR, averageSpeedMph: c.AVERAGE_SPEED_MPH, visitMinutes: c.VISIT_MINUTES },
    routingUrl: c.ROUTING_URL ?? null,
    geocoderUrl: c.GEOCODER_URL ?? null,
    map: {
      tileUrl: c.MAP_TILE_URL,
      tileOrigin: new URL(c.MAP_TILE_URL).origin,
      attribution: c.MAP_TILE_ATTRIBUTION,
      attributionUrl: c.MAP_TILE_ATTRIBUTION_URL === 'none' ? null : c.MAP_TILE_ATTRIBUTION_URL,
    },
    // Design 3: demo data by default only on the embedded database, and never in production.
    seedDemo: c.SEED_DEMO ? c.SEED_DEMO === '1' : usesPglite && c.NODE_ENV !== 'production',
    trustProxy: c.TRUST_PROXY ?? false,
    admin: c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { email: c.ADMIN_EMAIL.toLowerCase(), password: c.ADMIN_PASSWORD } : null,
    logLevel: c.LOG_LEVEL,
    webRoot: c.WEB_ROOT ? path.resolve(c.WEB_ROOT) : null,
  };
}

export class ConfigError extends Error {}
