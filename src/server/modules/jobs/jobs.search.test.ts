import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { bulkLoadJobs } from '../../test/bulk-jobs';
import { databaseKinds } from '../../test/databases';
import { rowsOf } from '../../test/ledger-invariants';
import { planOf, statementsOf, withSettings } from '../../test/query-plans';
import { signInAs } from '../../test/test-app';
import { NOON_BOSTON, useJobsApi } from './jobs-api.test-support';

/** Open jobs loaded straight into the table, enough that the planner weighs an index against reading them all. */
const LOADED = 10_000;
/** Every second loaded job: more than a search reads through the index before it calls a text common. */
const COMMON = 'leaves';
/** Every 97th loaded job's description: a rare text whose matches take several pages. */
const RARE = 'gloves';
/** Every 7th loaded job older than the newest 5,000: a word the newest jobs do not hold. */
const OLDER = 'collie';
/** Every 25th loaded job holds `bin` and its number (bin25, bin50 ...): a fragment of hundreds of words, in few jobs. */
const FEW_JOBS_FRAGMENT = 'bin';
/** Every second job holds `lot` and its number modulo 100 (lot1, lot3 ... lot99): a fragment of 50 words, in thousands of jobs. */
const MANY_JOBS_FRAGMENT = 'lot';

describe.each(databaseKinds())('job search on %s', (kind) => {
  const api = useJobsApi(kind);

  /** What reading every open job would answer, newest first: the truth a search page must match. */
  async function everyMatch(text: string): Promise<string[]> {
    const pattern = `%${text}%`;
    const rows = await rowsOf<{ id: string }>(
      api.t.database.db.execute(sql`select id from jobs where status = 'posted' and (title ilike ${pattern} or description ilike ${pattern} or location ilike ${pattern}) order by created_at desc, id desc`),
    );
    return rows.map((r) => r.id);
  }

  /** The ids of a search's pages, followed by cursor, up to `pages` of them. */
  async function pagesOf(search: string, limit: number, pages = Infinity): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.list(`status=posted&search=${encodeURIComponent(search)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, api.teen.cookie);
      seen.push(...page.jobs.map((j: Job) => j.id));
      cursor = page.nextCursor;
    } while (cursor && --pages > 0);
    return seen;
  }

  const loadJobs = () =>
    bulkLoadJobs(api.t.database.db, () =>
      api.t.database.db.execute(sql`
      insert into jobs (homeowner_id, title, description, category, pay_cents, estimated_duration, location, zip_code, physical_demands, status, created_at, updated_at)
      select ${api.homeowner.user.id}::uuid,
        case when i % 2 = 0 then 'Rake ' || ${COMMON} || ' #' || i else 'Wash windows #' || i end,
        case when i % 97 = 0 then 'Bring ' || ${RARE} || ', please.' when i > 5000 and i % 7 = 0 then 'A ' || ${OLDER} || ' naps here.' else 'Two hours of work.' end
          || case when i % 25 = 0 then ' Use ' || ${FEW_JOBS_FRAGMENT} || i || '.' else '' end
          || case when i % 2 = 1 then ' Park in ' || ${MANY_JOBS_FRAGMENT} || (i % 100) || '.' else '' end,
        'lawn_care', 2500, 60, i || ' Maple Ave', '02139', 'medium', 'posted',
        ${NOON_BOSTON.toISOString()}::timestamptz - i * interval '1 minute', ${NOON_BOSTON.toISOString()}::timestamptz
      from generate_series(1, ${LOADED}) i`),
    );

  it('finds a job by the words of a search in its title, description or location, in any case and order; a teen with a digit in the search skips the location', async () => {
    const job = await api.post({ title: 'Clean the gutters', description: 'The ladder hangs in the garage.', location: '12 Pinecrest Rd, Cambridge' });
    const finds = async (search: string, cookie: string, scope = 'status=posted') =>
      (await api.list(`${scope}&search=${encodeURIComponent(search)}`, cookie)).jobs.some((j) => j.id === job.id);
    for (const search of ['GUTTERS', 'Ladder', 'pinecrest', 'CREST RD', 'n the gut']) expect(await finds(search, api.teen.cookie), search).toBe(true);
    // Every word, anywhere in the job, in any order; words without 3 letters or digits are left out.
    for (const search of ['gutters clean', 'garage LADDER pinecrest', 'a gutter in a garage']) expect(await finds(search, api.teen.cookie), search).toBe(true);
    for (const search of ['snow', 'gutters snow', 'ladders']) expect(await finds(search, api.teen.cookie), search).toBe(false);
    expect(await finds('12 Pinecrest', api.teen.cookie)).toBe(false);
    expect(await finds('12 Pinecrest', api.homeowner.cookie, `homeownerId=${api.homeowner.user.id}`)).toBe(true);
    expect(await finds('12 Pinecrest', api.coordinator.cookie)).toBe(true);
    // An admin's list without a status has no condition but the search.
    expect(await finds('12 Pinecrest', (await signInAs(api.t, 'admin')).cookie, 'limit=50')).toBe(true);
    // Wildcards are plain text.
    expect(await finds('gut%ers', api.teen.cookie)).toBe(false);
  });

  it('refuses a search without a word of 3 letters or digits, with 400 and what to type', async () => {
    for (const search of ['la', 'a b c', '#9', '%%%', '🙂🙂🙂']) {
      const response = await api.call('GET', `/api/jobs?status=posted&search=${encodeURIComponent(search)}`, api.teen.cookie);
      expect(response.statusCode, search).toBe(400);
      expect(response.json(), search).toEqual({
        message: 'search: Search for a word of at least 3 letters or digits',
        code: 'VALIDATION_FAILED',
        fields: { search: 'Search for a word of at least 3 letters or digits' },
      });
    }
    // Surrounding spaces are trimmed as before, and an empty search is no search.
    expect((await api.call('GET', '/api/jobs?status=posted&search=%20%20', api.teen.cookie)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/jobs?status=posted&search=${encodeURIComponent('#999 ')}`, api.teen.cookie)).statusCode).toBe(200);
  });

  it('adds the same new words for jobs posted at once, in any order, and finds each', async () => {
    const words = ['quokka', 'wombat', 'echidna', 'platypus'];
    const posted = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post({ title: `Feed the ${words[i % 4]}`, description: `Then the ${[...words].reverse().join(' and the ')}.` })),
    );
    const [vocabulary] = await rowsOf<{ n: number }>(api.t.database.db.execute(sql`select count(*)::int as n from search_vocabulary where word in ('quokka', 'wombat', 'echidna', 'platypus')`));
    expect(vocabulary?.n).toBe(4);
    const found = await api.list('status=posted&search=WOMBAT&limit=50', api.coordinator.cookie);
    expect(found.jobs.map((j) => j.id).sort()).toEqual(posted.map((j) => j.id).sort());
  });

  describe(`among ${LOADED} loaded open jobs`, () => {
    it('pages through a common text and a rare one newest first, as reading every job would', async () => {
      await loadJobs();
      const common = await everyMatch(COMMON);
      expect(common.length).toBeGreaterThan(1000);
      expect((await api.list(`status=posted&search=${COMMON}&limit=100`, api.teen.cookie)).jobs.map((j) => j.id)).toEqual(common.slice(0, 100));
      expect(await pagesOf(COMMON.toUpperCase(), 100, 3)).toEqual(common.slice(0, 300));
      const rare = await everyMatch(RARE);
      expect(rare).toHaveLength(Math.floor(LOADED / 97));
      expect(await pagesOf(RARE, 7)).toEqual(rare);
      const older = await everyMatch(OLDER);
      expect(older.length).toBeGreaterThan(500);
      expect(await pagesOf(OLDER, 50, 3)).toEqual(older.slice(0, 150));
      expect(await pagesOf(`#${LOADED - 1}`, 20)).toEqual(await everyMatch(`#${LOADED - 1}`));
      expect(await pagesOf('no such job anywhere', 20)).toEqual([]);
      // Fragments of many words, which the trigram index answers: in few jobs, and in thousands.
      const few = await everyMatch(FEW_JOBS_FRAGMENT);
      expect(few).toHaveLength(LOADED / 25);
      expect(await pagesOf(FEW_JOBS_FRAGMENT, 100)).toEqual(few);
      const many = await everyMatch(MANY_JOBS_FRAGMENT);
      expect(many).toHaveLength(LOADED / 2);
      expect(await pagesOf(MANY_JOBS_FRAGMENT, 30, 3)).toEqual(many.slice(0, 90));
      // Two words, the longer leading: a page that the leading word's newest jobs do not fill.
      const both = await everyMatch(`${RARE}%${FEW_JOBS_FRAGMENT}`);
      expect(await pagesOf(`${RARE} ${FEW_JOBS_FRAGMENT}`, 5)).toEqual(both);
    });

    it('keeps the words of open jobs only, following every change of a job', async () => {
      const words = async (jobId: string) =>
        (await rowsOf<{ word: string }>(api.t.database.db.execute(sql`select word from open_job_words where job_id = ${jobId} order by word`))).map((r) => r.word);
      const job = await api.post({ title: 'Paint the FENCE', description: 'Brushes by the gate; x9 coats.', location: '7 Elm St' });
      expect(await words(job.id)).toEqual(['brushes', 'coats', 'elm', 'fence', 'gate', 'paint', 'the']);
      await api.t.database.db.execute(sql`update jobs set title = 'Stain the deck' where id = ${job.id}`);
      expect(await words(job.id)).toEqual(['brushes', 'coats', 'deck', 'elm', 'gate', 'stain', 'the']);
      // A lock keeps the job open: its words stay. Leaving the open statuses removes them; coming back restores them.
      await api.t.database.db.execute(sql`update jobs set status = 'locked' where id = ${job.id}`);
      expect(await words(job.id)).toHaveLength(7);
      await api.t.database.db.execute(sql`update jobs set status = 'cancelled' where id = ${job.id}`);
      expect(await words(job.id)).toEqual([]);
      // A list that holds other statuses still finds it, without the words of open jobs.
      const own = await api.list(`homeownerId=${api.homeowner.user.id}&search=deck&limit=50`, api.homeowner.cookie);
      expect(own.jobs.map((j) => j.id)).toContain(job.id);
      await api.t.database.db.execute(sql`update jobs set status = 'posted' where id = ${job.id}`);
      expect(await words(job.id)).toHaveLength(7);
      // A job without payments (loaded) can be deleted: its words go with it.
      const [loaded] = await rowsOf<{ id: string }>(api.t.database.db.execute(sql`select id from jobs where title = 'Wash windows #9999'`));
      expect(await words(loaded!.id)).toEqual(['9999', 'ave', 'hours', 'lot99', 'maple', 'park', 'two', 'wash', 'windows', 'work']);
      await api.t.database.db.execute(sql`delete from jobs where id = ${loaded!.id}`);
      expect(await words(loaded!.id)).toEqual([]);
      // Every word stays in the vocabulary.
      const [deck] = await rowsOf<{ n: number }>(api.t.database.db.execute(sql`select count(*)::int as n from search_vocabulary where word in ('deck', 'fence')`));
      expect(deck?.n).toBe(2);
    });

    /** Each search statement the API sends for `query`, with the plans PostgreSQL (custom and generic) or PGlite gives it. */
    async function plansOf(query: string): Promise<string[][]> {
      const steps = withSettings(await statementsOf(api.t.database, () => api.list(query, api.otherTeen.cookie)), (text) => text.includes(' like lower('));
      const modes = kind === 'postgres' ? (['custom', 'generic'] as const) : (['custom'] as const);
      return Promise.all(steps.map((step) => Promise.all(modes.map((mode) => planOf(api.t.database, step, mode)))));
    }
    const NEWEST_FIRST = 'Index Scan using jobs_open_created_idx';
    const THROUGH_INDEX = 'Bitmap Index Scan on jobs_open_search_idx';
    const THROUGH_WORDS = ['Bitmap Index Scan on search_vocabulary_word_idx', 'Index Only Scan Backward using open_job_words_word_created_at_job_id_pk', 'Index Scan using jobs_pkey on jobs'];
    const READ_WHOLE = /Seq Scan on (jobs|open_job_words|search_vocabulary)\b/;

    it('reads the words of open jobs, one statement, never a table whole: common, rare and older words, a job number, no match, by cursor and category', async () => {
      const [index] = await rowsOf<{ indexdef: string }>(api.t.database.db.execute(sql`select indexdef from pg_indexes where indexname = 'jobs_open_search_idx'`));
      expect(index?.indexdef).toMatch(
        /USING gin \(search_text gin_trgm_ops, search_location gin_trgm_ops\) WITH \(fastupdate='?(false|off)'?\) WHERE \(status = ANY \(ARRAY\['posted'::job_status, 'locked'::job_status\]\)\)$/,
      );
      const first = await api.list(`status=posted&search=${RARE}&limit=5`, api.otherTeen.cookie);
      // A limit of each query's own: the teens' page cache keeps what an earlier test asked.
      const queries = [
        `status=posted&search=Rake%20${COMMON}&limit=8`,
        `status=posted&search=${COMMON}&category=lawn_care&limit=6`,
        `status=posted&search=${RARE}&limit=5&cursor=${first.nextCursor}`,
        `status=posted&search=${OLDER}&limit=9`,
        `status=posted&search=%23${LOADED - 3}`,
        `status=posted&search=xyzzy${kind}`,
      ];
      for (const query of queries) {
        const [words, ...more] = await plansOf(query);
        expect(more, query).toEqual([]);
        for (const plan of words!) for (const step of THROUGH_WORDS) expect(plan, query).toContain(step);
        for (const plan of words!) expect(plan, query).not.toMatch(READ_WHOLE);
      }
    });

    it('passes a fragment of many words to the trigram index, and one in thousands of jobs on to newest first, which sorts nothing', async () => {
      const [words, index, ...more] = await plansOf(`status=posted&search=${FEW_JOBS_FRAGMENT}&limit=7`);
      expect(more).toEqual([]);
      for (const plan of words!) expect(plan).toContain(THROUGH_WORDS[0]);
      for (const plan of index!) expect(plan).toContain(THROUGH_INDEX);
      const [, common, newest, ...after] = await plansOf(`status=posted&search=${MANY_JOBS_FRAGMENT}&limit=11`);
      expect(after).toEqual([]);
      for (const plan of common!) expect(plan).toContain(THROUGH_INDEX);
      for (const plan of newest!) expect(plan).toContain(NEWEST_FIRST);
      for (const plan of newest!) expect(plan).not.toContain('Sort');
      for (const plan of [...words!, ...index!, ...common!, ...newest!]) expect(plan).not.toMatch(READ_WHOLE);
    });
  });
});
