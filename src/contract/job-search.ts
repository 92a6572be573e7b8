// Plain values, no zod: the explorer's list query uses these rules without the schema library.

/** The shortest run of letters or digits a searched word must hold (issue 20, decision 015). */
export const SEARCH_MIN_RUN = 3;
const SEARCH_RUN = new RegExp(`[\\p{L}\\p{N}]{${SEARCH_MIN_RUN}}`, 'u');

/**
 * The words a job search looks for, each anywhere in a job, in any order and any case. A word
 * without 3 letters or digits in a row ("a", "to", "#9") is left out: pg_trgm takes its trigrams from
 * such runs, and a word without one gives the trigram index nothing to narrow by, so the database
 * would read every candidate job for it. Words, not the phrase: trigrams do not span a space, so a
 * phrase of common words in another order ("the the") matched in the index nearly every job.
 */
export function searchWords(search: string): string[] {
  const words = search.split(/\s+/).filter((word) => SEARCH_RUN.test(word));
  return [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
}

/** Whether a search holds a word to look for (else the server refuses it with 400). */
export function isSearchable(search: string): boolean {
  return searchWords(search).length > 0;
}
