// Follows a Holdup server's live event stream (/api/events, decision 042) the way a tray or browser extension must:
// with its bearer token, through fetch (EventSource cannot send one), and without ever giving up. After a network
// loss, a laptop's sleep or a server restart it reconnects with a backoff (backoff.ts) and, once the stream is ready
// again, says so (`onReady`) so the client reads its lists afresh: changes made while it was away are not replayed.
// A stream that goes silent longer than the server's heartbeat allows is taken as lost (a sleeping laptop's socket
// can stay "open" for minutes). A 401 means the device was signed out: it stops and says so.
import { createBackoff, type BackoffOptions } from "./backoff.ts";

export type LiveEvent = { kind: string; blockerId?: string };

export type StreamState = { kind: "connecting" } | { kind: "live" } | { kind: "offline"; reason: string; retryInMs: number } | { kind: "signed-out" };

export type LiveEventsOptions = {
  baseUrl: string;
  token: string;
  /** The team the stream is for (`?team=`); the person's first team when not given. */
  team?: string;
  fetch?: typeof fetch;
  onState: (state: StreamState) => void;
  onEvent: (event: LiveEvent) => void;
  /** The stream is (again) live: whatever changed while it was not is to be read now. */
  onReady: () => void;
  /** The server sends a comment every 25 s: this long without a byte means the connection is gone. */
  silenceMs?: number;
  backoff?: BackoffOptions;
};

export type ServerSentEvent = { event: string; data: string };

/** Complete events in `buffer` (blocks ended by a blank line), and what is left of an event still arriving. */
export function parseServerSentEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const events: ServerSentEvent[] = [];
  const normalized = buffer.replace(/\r\n?/g, "\n");
  let start = 0;
  for (let end = normalized.indexOf("\n\n"); end !== -1; end = normalized.indexOf("\n\n", start)) {
    const block = normalized.slice(start, end);
    start = end + 2;
    const event: ServerSentEvent = { event: "message", data: "" };
    let hasField = false;
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue; // a comment: the server's keep-alive
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event.event = value;
      else if (field === "data") event.data = event.data === "" ? value : `${event.data}\n${value}`;
      else continue;
      hasField = true;
    }
    if (hasField) events.push(event);
  }
  return { events, rest: normalized.slice(start) };
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export function followLiveEvents(options: LiveEventsOptions): { stop: () => void } {
  const stopped = new AbortController();
  const backoff = createBackoff(options.backoff);
  const silenceMs = options.silenceMs ?? 60_000;

  /** One connection, from opening to its end: "signed-out" when the server says the token is no good. */
  async function connect(): Promise<"signed-out" | "ended"> {
    const connection = new AbortController();
    const stop = () => connection.abort();
    stopped.signal.addEventListener("abort", stop, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => connection.abort(new Error("The connection went silent")), silenceMs);
    };
    try {
      const url = new URL("/api/events", options.baseUrl);
      if (options.team) url.searchParams.set("team", options.team);
      listen();
      const answer = await (options.fetch ?? fetch)(url, { headers: { authorization: `Bearer ${options.token}`, accept: "text/event-stream" }, signal: connection.signal });
      if (answer.status === 401) return "signed-out";
      if (!answer.ok || !answer.body) throw new Error(`The server answered ${answer.status}`);
      const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return "ended";
        listen();
        const parsed = parseServerSentEvents(buffer + value);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.event === "ready") {
            backoff.reset();
            options.onState({ kind: "live" });
            options.onReady();
          } else if (event.event === "change") {
            try {
              options.onEvent(JSON.parse(event.data) as LiveEvent);
            } catch {
              options.onEvent({ kind: "unknown" }); // something changed, whatever it was: read again
            }
          }
        }
      }
    } catch (error) {
      const reason = connection.signal.reason instanceof Error ? connection.signal.reason : error;
      throw reason instanceof Error ? reason : new Error(String(reason));
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener("abort", stop);
    }
  }

  void (async () => {
    while (!stopped.signal.aborted) {
      options.onState({ kind: "connecting" });
      let reason: string;
      try {
        if ((await connect()) === "signed-out") {
          if (!stopped.signal.aborted) options.onState({ kind: "signed-out" });
          return;
        }
        reason = "The server ended the stream";
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      if (stopped.signal.aborted) return;
      const retryInMs = backoff.next();
      options.onState({ kind: "offline", reason, retryInMs });
      await sleepFor(retryInMs, stopped.signal);
    }
  })();

  return { stop: () => stopped.abort() };
}
