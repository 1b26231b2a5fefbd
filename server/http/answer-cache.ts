// Answers that many requests read and few changes touch (who a member is, the dashboard, the team board), kept in
// memory while nothing they were read from has changed (decision 028). Freshness is decided by the change marks of
// server/realtime/change-versions.ts, never by a time to live: a change's author reads it back at once, and every
// instance drops what a change made stale as soon as it hears of it.
import type { Clock } from "./app-env.ts";
import type { ChangeVersions, Dependencies } from "../realtime/change-versions.ts";

type ReadOptions<T> = {
  /** When the answer would read differently with nothing changed (a time it shows as "until…" passing). */
  freshUntil?: (value: T) => Date | null;
  /** Whether to keep this answer at all (default: always). */
  keep?: (value: T) => boolean;
};

type Entry = { stamp: number; depends: Dependencies; value: unknown; readAt: number; freshUntil: number };

export type AnswerCache = {
  /**
   * The answer kept under `key` if nothing it depends on changed since it was read (and `freshUntil` has not
   * passed), else `load`'s, kept for the next request when nothing changed while it was read. Concurrent requests
   * for a missing answer share one load.
   */
  read: <T>(key: string, depends: Dependencies, load: () => Promise<T>, options?: ReadOptions<T>) => Promise<T>;
  /**
   * The answer kept under `key` if it is still fresh, without waiting for anything: for the checks every request of a
   * kind runs first (an API key), where even an already settled promise costs a measurable share of the request.
   */
  peek: <T>(key: string) => T | undefined;
  /** How many answers are kept (for tests and the benchmark's report). */
  size: () => number;
};

/** Every active member's record and dashboard on a busy server; the least recently used go first (memory: decision 028). */
const DEFAULT_MAX_ENTRIES = 5_000;

export function createAnswerCache(versions: ChangeVersions, clock: Clock, maxEntries = DEFAULT_MAX_ENTRIES): AnswerCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { stamp: number; promise: Promise<unknown> }>();

  const isFresh = (entry: Entry, now: number) =>
    versions.isFresh(entry.stamp, entry.depends) &&
    // A wall clock that went back since the read makes the time-dependent parts of the answer wrong: read again.
    entry.readAt <= now &&
    now < entry.freshUntil;

  // Map order is the order of use.
  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  return {
    peek: <T>(key: string): T | undefined => {
      const kept = entries.get(key);
      if (!kept || !isFresh(kept, clock.now().getTime())) return undefined;
      keep(key, kept);
      return kept.value as T;
    },
    read: async <T>(key: string, depends: Dependencies, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> => {
      const now = clock.now().getTime();
      const kept = entries.get(key);
      if (kept && isFresh(kept, now)) {
        keep(key, kept); // used again: the least recently used answer is the first to go
        return kept.value as T;
      }
      const stamp = versions.stamp();
      const inFlight = loading.get(key);
      if (inFlight && inFlight.stamp === stamp) return inFlight.promise as Promise<T>;
      const promise = load();
      loading.set(key, { stamp, promise });
      try {
        const value = await promise;
        // Kept only if nothing it depends on changed while it was read: else it may hold the state before the change.
        if (versions.isFresh(stamp, depends) && (options.keep?.(value) ?? true)) {
          const until = options.freshUntil?.(value);
          keep(key, { stamp, depends, value, readAt: now, freshUntil: until ? until.getTime() : Number.POSITIVE_INFINITY });
        } else entries.delete(key);
        return value;
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      }
    },
    size: () => entries.size,
  };
}
