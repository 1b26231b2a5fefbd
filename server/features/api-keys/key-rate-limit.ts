// Each API key's requests per minute, counted in this server's memory: a database write per request would cost more
// than the request (issue #14's target is a thousand a second). Behind a load balancer a key gets the limit on each
// instance; decision 040 says why that is the right trade. The answer carries the IETF RateLimit-* headers.
export type KeyAllowance = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/** How many keys' windows are kept: the least recently started go first (a forgotten key costs nothing). */
const MAX_KEYS = 50_000;

export function createKeyRateLimit() {
  const windows = new Map<string, { startedAt: number; used: number }>();
  return {
    /** Counts one request of this key, at `at` (the app's clock, in ms), against `max` per `windowMs`. */
    take(keyId: string, max: number, windowMs: number, at: number): KeyAllowance {
      let window = windows.get(keyId);
      // A new window when the last one is over, or when the clock went back past its start.
      if (!window || at - window.startedAt >= windowMs || at < window.startedAt) {
        windows.delete(keyId);
        window = { startedAt: at, used: 0 };
        windows.set(keyId, window);
        if (windows.size > MAX_KEYS) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
      }
      const resetSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      if (window.used >= max) return { allowed: false, limit: max, remaining: 0, resetSeconds };
      window.used += 1;
      return { allowed: true, limit: max, remaining: max - window.used, resetSeconds };
    },
  };
}

export type KeyRateLimit = ReturnType<typeof createKeyRateLimit>;
