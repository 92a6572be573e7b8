// Plain values, no zod: the explorer's list query uses this rule without the schema library.

/** The shortest run of letters or digits a job search must hold (issue 20, decision 015). */
export const SEARCH_MIN_RUN = 3;
const SEARCH_RUN = new RegExp(`[\\p{L}\\p{N}]{${SEARCH_MIN_RUN}}`, 'u');

/**
 * Whether a search can be answered from the trigram index: pg_trgm takes its trigrams from runs of
 * letters and digits, and a pattern without a run of 3 gives it none to narrow by, so the database
 * would read every open job instead.
 */
export function isSearchable(search: string): boolean {
  return SEARCH_RUN.test(search);
}
