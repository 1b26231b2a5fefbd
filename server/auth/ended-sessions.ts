// Revoking a session takes effect at once, though each browser holds a signed copy of its session that the server
// trusts for a minute without asking the database (the cookie cache, decision 005). When some of a person's sessions
// end (signed out elsewhere, revoked from the sessions list, a password changed, the account deleted), every copy of
// theirs that may have been signed before it is checked against the database again, for as long as such a copy
// can live. Decision 032.
import { performance } from "node:perf_hooks";
import { SESSION_COOKIE_CACHE_SECONDS } from "./auth.ts";

/** A copy signed just before the end may be presented for the cache's whole life; a margin for clocks that differ between instances. */
const DOUBT_MS = (SESSION_COOKIE_CACHE_SECONDS + 30) * 1000;

export type EndedSessions = {
  /** Some of this person's sessions ended just now. */
  mark: (userId: string) => void;
  /** A signed copy of this person's session may belong to a session that has ended since it was signed. */
  inDoubt: (userId: string) => boolean;
};

/** `now` is a monotonic clock: a wall clock set back must not make doubt last longer, nor set forward end it early. */
export function createEndedSessions(now: () => number = () => performance.now()): EndedSessions {
  const endedAt = new Map<string, number>();
  return {
    mark: (userId) => {
      const at = now();
      // Oldest first (a Map keeps insertion order): the doubts that are over are dropped from the front.
      endedAt.delete(userId);
      endedAt.set(userId, at);
      for (const [id, when] of endedAt) {
        if (at - when < DOUBT_MS) break;
        endedAt.delete(id);
      }
    },
    inDoubt: (userId) => {
      const at = endedAt.get(userId);
      return at !== undefined && now() - at < DOUBT_MS;
    },
  };
}
