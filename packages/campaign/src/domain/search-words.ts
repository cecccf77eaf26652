/** The longest query `session_log_search` takes, in characters after trimming (docs/campaign.md §4.20). */
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** The most distinct words a query may hold: each narrows the search, and each costs a lookup. */
export const MAX_SEARCH_WORDS = 12;

/**
 * A word as both stores' full-text engines see one: a run of letters, digits and combining
 * marks. Everything else (spaces, punctuation, symbols, and so every operator of either search
 * syntax: quotes, `*`, `-`, `:`, `^`, parentheses) separates words.
 */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/**
 * The words of a search query, each once (letter case aside), in the order first given. They
 * hold nothing a search syntax could read as an operator, so a store may quote them as they are.
 *
 * @param query - the query as the caller typed it
 * @returns its distinct words, possibly none
 */
export function searchWords(query: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const [word] of query.matchAll(WORD)) {
    const folded = word.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    words.push(word);
  }
  return words;
}
