import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/databases';
import { openTestDatabase } from '../test/test-app';
import { jobs, users } from './schema';

describe.runIf(testDatabaseUrl)('the PostgreSQL client', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
  });
  afterAll(() => opened.drop());

  it('prepares each statement with parameters once per connection and reuses it', async () => {
    const { db } = opened.database;
    // One transaction keeps one connection, whose prepared statements PostgreSQL lists.
    const prepared = await db.transaction(async (tx) => {
      const find = (id: string) => tx.select({ id: users.id }).from(users).where(eq(users.id, id));
      await find('00000000-0000-4000-8000-000000000001');
      await find('00000000-0000-4000-8000-000000000002');
      await tx.execute(sql`select 1`);
      const result = await tx.execute(sql`select statement from pg_prepared_statements where statement like ${'%from "users"%'}`);
      return (result as unknown as { rows: { statement: string }[] }).rows.map((r) => r.statement);
    });
    expect(prepared).toEqual([expect.stringContaining('where "users"."id" = $1')]);
  });

  it("counts the process's own writes to a table once they commit, and a delete for every table", async () => {
    const database = opened.database;
    const count = () => [database.localWrites(['users']), database.localWrites(['jobs'])];
    const [users0, jobs0] = count();
    await database.db.select().from(users).limit(1);
    await database.db.execute(sql`select pg_notify('elsewhere', 'x')`);
    expect(count()).toEqual([users0, jobs0]);
    await database.db.update(users).set({ fullName: 'Nobody' }).where(eq(users.id, '00000000-0000-4000-8000-000000000001'));
    expect(count()).toEqual([users0! + 1, jobs0]);
    await database.db.transaction(async (tx) => {
      await tx.update(jobs).set({ title: 'x' }).where(eq(jobs.id, '00000000-0000-4000-8000-000000000001'));
      // Not yet: a read now still sees the table as it was.
      expect(count()).toEqual([users0! + 1, jobs0]);
    });
    expect(count()).toEqual([users0! + 1, jobs0! + 1]);
    // A rolled-back write changed nothing.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(jobs).set({ title: 'y' }).where(eq(jobs.id, '00000000-0000-4000-8000-000000000001'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(count()).toEqual([users0! + 1, jobs0! + 1]);
    // A delete may cascade anywhere.
    await database.db.delete(users).where(eq(users.id, '00000000-0000-4000-8000-000000000001'));
    expect(count()).toEqual([users0! + 2, jobs0! + 2]);
  });
});
