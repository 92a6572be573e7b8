import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { coordinatorZipCodes, users } from '../db/schema';
import { firstRow } from '../errors';

const dataDir = mkdtempSync(path.join(tmpdir(), 'yardly-cli-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('npm run user:create', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two processes, the first creating a new embedded database (3-5 s alone, over 30 s on a loaded machine).
  it('creates a coordinator with the ZIP codes they serve, and a teen with approved consent and their date of birth', { timeout: 120_000 }, async () => {
    const coordinator = run('--role', 'coordinator', '--email', 'Sam@Town.gov', '--password', 'sam-secret-1', '--name', 'Sam Ortiz', '--zip', '02139,02140');
    expect(coordinator.stderr).toBe('');
    expect(coordinator.status).toBe(0);
    expect(coordinator.stdout).toMatch(/^Created coordinator sam@town\.gov \(@sam, id [0-9a-f-]{36}\)\./);
    const teen = run('--role', 'teen', '--email', 't@example.com', '--password', 'teen-secret', '--name', 'Teen Name', '--username', 'teen_t', '--zip', '02139', '--consent', 'approved', '--dob', '2010-05-17');
    expect(teen.stderr).toBe('');
    expect(teen.status).toBe(0);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const sam = firstRow(await database.db.select().from(users).where(eq(users.email, 'sam@town.gov')), 'the coordinator sam@town.gov');
      expect(sam.role).toBe('coordinator');
      const zips = await database.db.select().from(coordinatorZipCodes).where(eq(coordinatorZipCodes.coordinatorId, sam.id));
      expect(zips.map((z) => z.zipCode).sort()).toEqual(['02139', '02140']);
      const [t] = await database.db.select().from(users).where(eq(users.email, 't@example.com'));
      expect(t).toMatchObject({ role: 'teen', parentalConsentStatus: 'approved', zipCode: '02139', username: 'teen_t', dateOfBirth: '2010-05-17' });
    } finally {
      await database.close();
    }
  });

  it.each([
    [['--role', 'coordinator', '--email', 'x@town.gov', '--password', 'secret-1', '--name', 'X'], '--zip: a coordinator needs the ZIP codes they serve'],
    [['--role', 'boss', '--email', 'x@town.gov', '--password', 'secret-1', '--name', 'X'], '--role: '],
    [['--role', 'admin', '--email', 'nope', '--password', 'secret-1', '--name', 'X'], '--email: Please enter a valid email address'],
    [['--role', 'admin', '--email', 'x@town.gov', '--password', '123', '--name', 'X'], '--password: Password must be at least 6 characters long'],
    [['--role', 'homeowner', '--email', 'x@town.gov', '--password', 'secret-1', '--name', 'X', '--consent', 'approved'], '--consent: --consent is only for teens'],
    [['--role', 'coordinator', '--email', 'Sam@town.gov', '--password', 'secret-1', '--name', 'Sam', '--zip', '02139'], 'An account with this email already exists.'],
    [['--role', 'teen', '--email', 'y@example.com', '--password', 'secret-1', '--name', 'Y', '--consent', 'approved'], '--dob: an approved teen needs their date of birth, as their parent would confirm it: add --dob YYYY-MM-DD'],
    [['--role', 'teen', '--email', 'y@example.com', '--password', 'secret-1', '--name', 'Y', '--consent', 'approved', '--dob', '2010-02-30'], '--dob: This date does not exist'],
    [['--role', 'teen', '--email', 'y@example.com', '--password', 'secret-1', '--name', 'Y', '--consent', 'approved', '--dob', '2020-01-01'], '--dob: Yardly is for teens aged 14 to 18.'],
    [['--role', 'admin', '--email', 'y@example.com', '--password', 'secret-1', '--name', 'Y', '--dob', '2010-01-01'], '--dob: --dob is only for teens'],
  ])('refuses %j with a clear message', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
