import { and, desc, like, or, sql, type SQL } from 'drizzle-orm';
import { searchWords, type JobStatus } from '../../../contract/jobs';
import { OPEN_STATUSES } from '../../../domain/access';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { olderThan } from '../../db/keyset-cursor';
import { containing } from '../../db/like-pattern';
import { jobs, openJobWords } from '../../db/schema';
import { JOB_VIEW, readNewestFirst } from './job-reads';
import type { JobView } from './jobs.mapper';
import type { JobViewer } from './job-viewer';
import type { OpenJobsPage } from './open-jobs-page';

/** A search as the list runs it: its words, and whether they are looked for in the location too. */
interface Search {
  words: string[];
  searchesLocation: boolean;
}

function searchOf(viewer: JobViewer, text: string): Search {
  // Privacy (issue 20): teens see a location without its house number; a search with a digit in it
  // would tell them the number by what it finds, so theirs does not look in the location.
  return { words: searchWords(text), searchesLocation: viewer.role !== 'teen' || !/\d/.test(text) };
}

/** The search in SQL: each of its words anywhere in the title, the description or the location, in any case. */
function searchCondition({ words, searchesLocation }: Search): SQL {
  const inAJob = (word: string) => {
    // Lower-cased by the database, as the columns are, so both sides fold case alike.
    const pattern = sql`lower(${containing(word)})`;
    // Each LIKE on its own column: jobs_open_search_idx answers each with a bitmap scan, ORed.
    return or(like(jobs.searchText, pattern), ...(searchesLocation ? [like(jobs.searchLocation, pattern)] : []))!;
  };
  return and(...words.map(inAJob))!;
}

/** What a search page depends on besides its conditions. */
interface SearchedList {
  /** The statuses the list is limited to, if any. */
  statuses: JobStatus[] | undefined;
  cursor: string | undefined;
  limit: number;
}

/**
 * A page of the jobs `where` holds that match `text`, newest first (decision 022). Each step answers
 * the whole page or passes: the words' own index first (any search with a run of 3 of a-z and 0-9
 * that few words contain), then the trigram index (a text that matches little), then newest first.
 */
export async function readSearchPage(ctx: AppContext, viewer: JobViewer, text: string, where: SQL[], list: SearchedList): Promise<OpenJobsPage> {
  const search = searchOf(viewer, text);
  const matching = [...where, searchCondition(search)];
  const { cursor, limit } = list;
  // The words are kept for open jobs only: a list that may hold others skips that step.
  const onlyOpen = list.statuses !== undefined && list.statuses.every((status) => OPEN_STATUSES.includes(status));
  return (
    (onlyOpen ? await ctx.withPlan('throughWords', (db) => readThroughWords(db, matching, search, cursor, limit)) : null) ??
    (await ctx.withPlan('throughIndex', (db) => readRareMatches(db, matching, limit))) ??
    ctx.withPlan('newestFirst', (db) => readNewestFirst(db, matching, limit))
  );
}

/**
 * The run a search looks up in its words' index: the longest run of 3 or more ASCII letters and digits
 * in its words, lower case. Every job holding the search holds this run inside one of its words (the
 * runs of migration 0027, taken from the database's lower-case text: A-Z become a-z there too, and
 * whatever other characters become, they can end or extend the run around it, never split it). Null
 * when no word has such a run ("café").
 */
function leadingRun(search: Search): string | null {
  const runs = search.words.flatMap((word) => word.match(/[A-Za-z0-9]{3,}/g) ?? []);
  const longest = runs.reduce<string | null>((found, run) => (found !== null && found.length >= run.length ? found : run), null);
  return longest?.toLowerCase() ?? null;
}

/** The most words containing the leading run the step reads: more, and the run is a fragment ("the", "123") best left to the trigram index. */
const WORDS_READ = 32;
/**
 * Jobs read per word, newest first, in pages: a filter that passes a third of them (another word, a
 * category) still fills the page. A page they do not fill passes to the next step.
 */
const PAGES_PER_WORD = 3;

/**
 * A search's page read through the words of open jobs (decision 022): the words containing the
 * leading run (the vocabulary's trigram index), each word's newest jobs (an ordered read of
 * open_job_words' key), merged newest first; then each candidate job, in that order, tested against
 * the whole list's conditions until the page is full. Exact when the page filled or every candidate was
 * read; null when the run is too common a fragment or the candidates ran out before the page.
 */
async function readThroughWords(db: Executor, where: SQL[], search: Search, cursor: string | undefined, limit: number): Promise<OpenJobsPage | null> {
  const run = leadingRun(search);
  if (run === null) return null;
  const perWord = PAGES_PER_WORD * (limit + 1);
  const older = cursor ? sql`and ${olderThan(cursor, { createdAt: openJobWords.createdAt, id: openJobWords.jobId })}` : sql``;
  // Bounds written into the statement, as in readRareMatches: a generic plan guesses a LIMIT parameter.
  const bound = (n: number) => sql.raw(String(n));
  const ids = sql`(
    with vocabulary as materialized (
      select word from search_vocabulary where word like ${containing(run)} limit ${bound(WORDS_READ + 1)}
    ), candidates as materialized (
      select distinct found.created_at, found.job_id from vocabulary cross join lateral (
        select created_at, job_id from open_job_words where word = vocabulary.word ${older}
        order by created_at desc, job_id desc limit ${bound(perWord)}
      ) found
      order by found.created_at desc, found.job_id desc limit ${bound(perWord)}
    )
    select counts.words, counts.candidates, page.id, page.created_at from (
      select (select count(*) from vocabulary) as words, (select count(*) from candidates) as candidates
    ) counts left join lateral (
      -- Each candidate's row in turn, newest first, until the page is full: the candidates sorted again
      -- (a materialized set's order is not known to the planner), the test kept per candidate (offset 0).
      select candidate.job_id as id, candidate.created_at from (select * from candidates order by created_at desc, job_id desc) candidate
      cross join lateral (select from jobs where jobs.id = candidate.job_id and ${and(...where)} offset 0) passed
      order by candidate.created_at desc, candidate.job_id desc limit ${bound(limit + 1)}
    ) page on true
  ) ids`;
  const rows = await db
    .select({ job: JOB_VIEW, words: sql<number>`ids.words`.mapWith(Number), candidates: sql<number>`ids.candidates`.mapWith(Number) })
    .from(ids)
    .leftJoin(jobs, sql`jobs.id = ids.id`)
    .orderBy(sql`ids.created_at desc, ids.id desc`);
  const [counts] = rows;
  const found = rows.flatMap((row) => (row.job ? [row.job] : []));
  const complete = counts !== undefined && counts.words <= WORDS_READ && (found.length > limit || counts.candidates < perWord);
  return complete ? { rows: found.slice(0, limit), more: found.length > limit, views: new Map() } : null;
}

/**
 * How many matches a search reads through the trigram index before it calls its text common
 * (decision 015). Fewer: all of them are sorted and the page is exact. This many: the newest-first scan
 * finds a page in fewer rows (a match every 200 rows at most, at 100,000 open jobs) than sorting them.
 */
const SEARCH_INDEX_READ = 500;

/**
 * A search's page read through the trigram index (decision 015): up to SEARCH_INDEX_READ matches in
 * no order, gathered by bitmap scans of the index, then the newest of them. Null when the text matched
 * that many: it is common, and a page of it is found sooner newest first (a match every few rows)
 * than by sorting every match.
 */
async function readRareMatches(db: Executor, where: SQL[], limit: number): Promise<OpenJobsPage | null> {
  // The bound is written into the statement: for a LIMIT parameter a prepared statement's generic
  // plan guesses a tenth of the rows, and at 10,000 open jobs chose reading the table to stop early.
  const matches = sql`select ${jobs.id}, ${jobs.createdAt} from ${jobs} where ${and(...where)} limit ${sql.raw(String(SEARCH_INDEX_READ))}`;
  const page = sql`(select id, count(*) over () as matched from (${matches}) matches order by created_at desc, id desc limit ${limit + 1}) page`;
  const rows = await db
    .select({ ...JOB_VIEW, matched: sql<number>`page.matched`.mapWith(Number) })
    .from(jobs)
    .innerJoin(page, sql`page.id = ${jobs.id}`)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  if ((rows[0]?.matched ?? 0) >= SEARCH_INDEX_READ) return null;
  const views: JobView[] = rows.map(({ matched: _, ...row }) => row);
  return { rows: views.slice(0, limit), more: views.length > limit, views: new Map() };
}
