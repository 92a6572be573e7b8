import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/databases';
import { migrateDatabase, openDatabase } from './client';
import { openTestDatabase } from '../test/test-app';
import { users } from './schema';

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

});

describe('a new embedded database', () => {
  it("takes an array of an enum the migrations made as a parameter at once (the recommendations' groups)", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateDatabase(database);
      const demands = ['easy', 'hard'];
      const result = await database.db.execute(sql`select array_length(${sql.param(demands)}::physical_demand[], 1) as n`);
      expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  });
});
