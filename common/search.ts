// Search (the command palette, Ctrl/Cmd+K): what may be asked, shared by the server and the web app.
import { z } from "zod";
import { typedText } from "./profile.ts";

export const SEARCH_TEXT_MAX = 200;
export const SEARCH_RESULTS_MAX = 10;

export const searchQuerySchema = z.object({
  q: typedText().trim().min(1, "Type something to search for").max(SEARCH_TEXT_MAX, `Use at most ${SEARCH_TEXT_MAX} characters`),
});

/**
 * The words of a search as a PostgreSQL tsquery: every word required, each as a prefix of a word in the text, so
 * results follow what is typed so far ("api spe" finds "API spec"). Anything but letters and digits separates
 * words, as PostgreSQL's parser does, and so never reaches tsquery's syntax. Null when no word is left.
 */
export function prefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `'${word}':*`).join(" & ") : null;
}
