import path from 'node:path';
import { z } from 'zod';

const zipList = z
  .string()
  .transform((value) => value.split(',').map((zip) => zip.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{5}$/, 'each ZIP code must be 5 digits')).min(1, 'at least one ZIP code'));

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
    SEED_DEMO: z.enum(['0', '1']).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    /** Where the built web client is; defaults to dist/web. */
    WEB_ROOT: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => !c.ADMIN_EMAIL === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    path: ['ADMIN_PASSWORD'],
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
  seedDemo: boolean;
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
    // Design 3: demo data by default only on the embedded database.
    seedDemo: c.SEED_DEMO ? c.SEED_DEMO === '1' : usesPglite,
    admin: c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { email: c.ADMIN_EMAIL.toLowerCase(), password: c.ADMIN_PASSWORD } : null,
    logLevel: c.LOG_LEVEL,
    webRoot: c.WEB_ROOT ? path.resolve(c.WEB_ROOT) : null,
  };
}

export class ConfigError extends Error {}
