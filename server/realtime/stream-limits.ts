// How many live event streams one server instance holds open (decision 048). Each is a socket and a file: one
// account, stolen session or device token opening them in a loop could take every socket the process has. So:
// - at most STREAMS_PER_HOLDER at once per holder — a person's browser sessions together, or a tray's or extension's
//   session — and the next one opened closes the holder's oldest, which is told to reconnect when its tab is next
//   looked at (a person with many tabs keeps the ones in use live). An API key opens no stream: the public API has
//   none, and the MCP server is stateless (a GET's stream ends with its answer);
// - at most `total` on the instance (LIVE_STREAMS_MAX): past it a new stream is answered 503 with Retry-After, and the
//   rest of the API answers as ever.

/** Ten: more windows and tabs than a person watches at once; the eleventh closes the oldest. */
export const STREAMS_PER_HOLDER = 10;

/** Who a stream counts against. */
export type StreamHolder = { kind: "person"; userId: string } | { kind: "device"; sessionId: string };

export type AdmittedStream = {
  /** Aborted when a newer stream of the same holder took this one's place. */
  superseded: AbortSignal;
  /** Called once the stream has ended, however it ended. */
  release: () => void;
};

export type StreamLimits = {
  /** A place for a new stream, or undefined when the instance holds as many as it may. */
  admit: (holder: StreamHolder) => AdmittedStream | undefined;
  /** Streams open on this instance now. */
  open: () => number;
};

const holderKey = (holder: StreamHolder) => (holder.kind === "person" ? `person:${holder.userId}` : `device:${holder.sessionId}`);

export function createStreamLimits({ total, perHolder = STREAMS_PER_HOLDER }: { total: number; perHolder?: number }): StreamLimits {
  // Each holder's streams in the order they were opened: the first is the oldest.
  const byHolder = new Map<string, AbortController[]>();
  let open = 0;
  return {
    admit: (holder) => {
      if (open >= total) return undefined;
      const key = holderKey(holder);
      const streams = byHolder.get(key) ?? [];
      byHolder.set(key, streams);
      // The oldest leave the count at once, so the holder never has more than perHolder counted, however fast the
      // superseded ones end.
      while (streams.length >= perHolder) streams.shift()?.abort();
      const place = new AbortController();
      streams.push(place);
      open += 1;
      let released = false;
      return {
        superseded: place.signal,
        release: () => {
          if (released) return;
          released = true;
          open -= 1;
          const index = streams.indexOf(place);
          if (index >= 0) streams.splice(index, 1);
          if (streams.length === 0 && byHolder.get(key) === streams) byHolder.delete(key);
        },
      };
    },
    open: () => open,
  };
}
