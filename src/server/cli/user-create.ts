import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema, FullNameSchema, PasswordSchema, UsernameSchema, ZipCodeSchema } from '../../contract/auth';
import { IsoDateSchema } from '../../contract/consent';
import { ROLES } from '../../contract/constants';
import { localClock } from '../../domain/calendar';
import { checkSigningAge } from '../../domain/consent';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { createAccount } from '../db/seed';
import { hashPassword } from '../modules/auth/passwords';
import { AppError } from '../errors';

const USAGE =
  'Usage: npm run user:create -- --role coordinator|admin|teen|homeowner --email E --password P --name N [--username U] [--zip Z] [--consent approved --dob YYYY-MM-DD]';

const ArgsSchema = z
  .object({
    role: z.enum(ROLES),
    email: EmailSchema,
    password: PasswordSchema,
    name: FullNameSchema,
    username: UsernameSchema.optional(),
    zip: z.string().optional(),
    consent: z.enum(['approved']).optional(),
    dob: IsoDateSchema.optional(),
  })
  .refine((a) => !a.consent || a.role === 'teen', { message: '--consent is only for teens', path: ['consent'] })
  .refine((a) => !a.dob || a.role === 'teen', { message: '--dob is only for teens', path: ['dob'] })
  // The safety rules by age read it at every lock (issue 21); a parent's signature confirms it otherwise.
  .refine((a) => !a.consent || a.dob, { message: "an approved teen needs their date of birth, as their parent would confirm it: add --dob YYYY-MM-DD", path: ['dob'] });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      zip: { type: 'string' },
      consent: { type: 'string' },
      dob: { type: 'string' },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--${issue.path.join('.')}: ${issue.message}`);
  }
  const args = parsed.data;
  const zips = (args.zip ?? '').split(',').map((z) => z.trim()).filter(Boolean);
  for (const zip of zips) {
    if (!ZipCodeSchema.safeParse(zip).success) throw new UsageError(`--zip: ${zip} is not a 5-digit ZIP code`);
  }
  if (args.role === 'coordinator' && zips.length === 0) throw new UsageError('--zip: a coordinator needs the ZIP codes they serve');
  if (args.role !== 'coordinator' && zips.length > 1) throw new UsageError('--zip: only coordinators serve several ZIP codes');

  const config = loadConfig();
  if (args.dob) {
    // The same ages a parent may sign for, on today's date where the service runs.
    const age = checkSigningAge(args.dob, localClock(new Date(), config.timezone).date);
    if (!age.ok) throw new UsageError(`--dob: ${age.message}`);
  }
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const username = args.username ?? args.email.split('@')[0]!.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 30).padEnd(3, '_');
    const passwordHash = await hashPassword(args.password);
    const user = await database.db.transaction((tx) =>
      createAccount(
        tx,
        {
          role: args.role,
          email: args.email,
          passwordHash,
          fullName: args.name,
          username,
          zipCode: zips[0] ?? null,
          coordinatorZips: args.role === 'coordinator' ? zips : undefined,
          parentalConsentStatus: args.consent,
          dateOfBirth: args.dob,
        },
        new Date(),
      ),
    );
    console.log(`Created ${user.role} ${user.email} (@${user.username}, id ${user.id}).`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((err: unknown) => {
  if (err instanceof UsageError) console.error(`${err.message}\n${USAGE}`);
  else if (err instanceof AppError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
