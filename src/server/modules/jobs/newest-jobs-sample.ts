import { desc } from 'drizzle-orm';
import type { JobCategory } from '../../../contract/jobs';
import type { Executor } from '../../db/client';
import type { DerivedCache } from '../../db/derived-cache';
import { isOpen, jobs } from '../../db/schema';

/**
 * How many of the newest open jobs the sample holds, and how many a search's first step reads at most
 * (decision 015). A word in 1% of the jobs fills a page of 20 among them; each costs about a
 * microsecond to test in the database, so a step that finds less costs what the index would have.
 */
export const NEWEST_SAMPLED = 5_000;
/** Verdicts kept per sample: searches repeat, and each verdict reads the whole sample once. */
const MAX_VERDICTS = 1_000;

export interface SearchShape {
  /** Words, each of which a job must hold, in any case. */
  words: string[];
  searchesLocation: boolean;
  category: JobCategory | undefined;
  /** Jobs the page needs: its size and one more, which says whether more follow. */
  needed: number;
}

interface SampledJob {
  /** Title and description, lower case (the database's search columns). */
  text: string;
  location: string;
  category: JobCategory;
}

/**
 * The searchable text of this process's newest open jobs, to tell before a search whether its first
 * page lies among them (decision 015): then one step reads them newest first and stops at a page,
 * where the trigram index would first gather hundreds of matches in no order. It chooses a plan and
 * never an answer: every page is read from the database. It is reloaded, once however many searches
 * wait for it, by the first search after `jobs` changed (`fresh`, a cache of the change signals).
 */
export class NewestJobsSample {
  private jobs: SampledJob[] = [];
  /** Every sampled job's text and location, newest first, one after the other: one string search finds a word in all of them. */
  private all = '';
  /** Where each sampled job starts in `all`. */
  private starts: number[] = [];
  private loading: Promise<void> | null = null;
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly fresh: DerivedCache<true>) {}

  /** Whether `needed` of the sampled jobs hold every word (in the category): the page is among the newest. */
  async holdsPage(db: Executor, now: Date, shape: SearchShape): Promise<boolean> {
    // Checked at once (`peek`): a search is not held a turn of the event loop for a sample that
    // chooses a plan; after a change the next search waits for the new sample.
    if (!this.fresh.peek('sample', now)) {
      await this.fresh.read('sample', now, async () => {
        await (this.loading ??= this.load(db).finally(() => (this.loading = null)));
        return { value: true, validUntil: Infinity };
      });
    }
    // The sampled text is the database's lower-case copy; words are compared the same way.
    const lowered = { ...shape, words: shape.words.map((word) => word.toLowerCase()) };
    // A text no sampled job holds, as most new texts are, is told by one string search (microseconds).
    if (!lowered.words.every((word) => this.all.includes(word))) return false;
    const key = JSON.stringify(lowered);
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      verdict = this.count(lowered) >= shape.needed;
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }

  /** The sampled jobs holding every word, up to `needed`: each job where the longest word occurs, checked whole. */
  private count({ words, searchesLocation, category, needed }: SearchShape): number {
    const lead = words.reduce((a, b) => (b.length > a.length ? b : a));
    let found = 0;
    for (let at = this.all.indexOf(lead); at >= 0 && found < needed; ) {
      const index = this.jobAt(at);
      const job = this.jobs[index]!;
      if ((!category || job.category === category) && words.every((word) => job.text.includes(word) || (searchesLocation && job.location.includes(word)))) found++;
      const next = this.starts[index + 1];
      at = next === undefined ? -1 : this.all.indexOf(lead, next);
    }
    return found;
  }

  /** The sampled job whose text holds position `at` of `all`. */
  private jobAt(at: number): number {
    let [low, high] = [0, this.starts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private async load(db: Executor): Promise<void> {
    const rows = await db
      .select({ text: jobs.searchText, location: jobs.searchLocation, category: jobs.category })
      .from(jobs)
      .where(isOpen(jobs.status))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(NEWEST_SAMPLED);
    this.jobs = rows.map((row) => ({ ...row, location: row.location ?? '' }));
    this.starts = [];
    let length = 0;
    for (const job of this.jobs) {
      this.starts.push(length);
      length += job.text.length + job.location.length + 2;
    }
    // Separated by line breaks, which no search word holds, so no word spans two fields or two jobs.
    this.all = this.jobs.map((job) => `${job.text}\n${job.location}\n`).join('');
    this.verdicts.clear();
  }
}
