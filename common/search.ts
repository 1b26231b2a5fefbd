// Search (the command palette, Ctrl/Cmd+K): what may be asked, shared by the server and the web app.
import { z } from "zod";
import { typedText } from "./profile.ts";

export const SEARCH_TEXT_MAX = 200;
export const SEARCH_RESULTS_MAX = 10;

export const searchQuerySchema = z.object({
  q: typedText().trim().min(1, "Type something to search for").max(SEARCH_TEXT_MAX, `Use at most ${SEARCH_TEXT_MAX} characters`),
});

/** The longest beginning of a word the search index holds as a word of its own (migration 0009). */
export const INDEXED_PREFIX_MAX = 10;

/**
 * What is typed, as the words every match must have a word beginning with: lowercased; anything but letters and
 * digits separates words, as PostgreSQL's parser does, so input never reaches tsquery's syntax. A word another one
 * begins with is dropped ("kalo ka" asks no more than "kalo"): kept, PostgreSQL would count the two as independent
 * and guess their matches a hundred times too few.
 */
export function typedWords(text: string): string[] {
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .slice(0, 8),
    ),
  ];
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
}

/** The words as a tsquery of prefixes (`'api':* & 'spe':*`): what a match must hold. Null when no word is left. */
export function prefixQuery(words: readonly string[]): string | null {
  return words.length > 0 ? words.map((word) => `'${word}':*`).join(" & ") : null;
}

/**
 * The same words as exact entries of the search index, which holds every word's beginnings (migration 0009): a word
 * past INDEXED_PREFIX_MAX characters is cut there, and a word of one character is left out. `exact` says whether the
 * query alone asks what prefixQuery asks; when not, each candidate is checked against prefixQuery too.
 */
export function indexedQuery(words: readonly string[]): { query: string | null; exact: boolean } {
  // Counted in characters, as PostgreSQL's left() cut them: "𝔞𝔟" is two letters, four UTF-16 units.
  const letters = words.map((word) => [...word]);
  const indexed = letters.filter((word) => word.length >= 2).map((word) => word.slice(0, INDEXED_PREFIX_MAX).join(""));
  return { query: indexed.length > 0 ? [...new Set(indexed)].map((word) => `'${word}'`).join(" & ") : null, exact: letters.every((word) => word.length >= 2 && word.length <= INDEXED_PREFIX_MAX) };
}
