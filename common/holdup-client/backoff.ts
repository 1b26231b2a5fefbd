// How long a tray or browser extension waits before trying the server again after losing it: doubling from a second
// up to a minute, each wait drawn between half of its ceiling and all of it ("equal jitter"), so a hundred trays that
// lost the same server do not all come back in the same second, and none hammers a server that is down.
export type BackoffOptions = { baseMs?: number; maxMs?: number; random?: () => number };

/** The wait before try number `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, { baseMs = 1_000, maxMs = 60_000, random = Math.random }: BackoffOptions = {}): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Counts failures in a row; a success starts over. */
export function createBackoff(options: BackoffOptions = {}) {
  let failures = 0;
  return {
    /** The wait after one more failure. */
    next: () => backoffDelay(failures++, options),
    reset: () => void (failures = 0),
    failures: () => failures,
  };
}
