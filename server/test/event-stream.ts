// Reads a server-sent event stream the way EventSource does, so tests can wait for the events a browser would get.
import { TEAM_QUERY } from "../../common/teams.ts";

/** A browser (its cookies) or a script (its bearer token): whoever opens the stream. */
type StreamClient = { baseUrl: string; fetch: (input: URL, init: RequestInit) => Promise<Response> };

export type StreamEvent = { event: string; data: string };

/** `team`: the team the stream is opened for, named in the query as the web app's EventSource names it. */
/** `since`: when the page opening it read what it shows (ms), as a page the server drew asks. */
export async function openEventStream(client: StreamClient, baseUrl = client.baseUrl, options: { team?: string; since?: number; on?: string } = {}) {
  const controller = new AbortController();
  const url = new URL("/api/events", baseUrl);
  if (options.team !== undefined) url.searchParams.set(TEAM_QUERY, options.team);
  if (options.since !== undefined) url.searchParams.set("since", String(options.since));
  if (options.on !== undefined) url.searchParams.set("on", options.on);
  const response = await client.fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`);
  const received: StreamEvent[] = [];
  const waiters: { match: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let serverEnded = false;
  const reading = (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        serverEnded = !controller.signal.aborted;
        return;
      }
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = { event: "message", data: "" };
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event.event = line.slice(6).trim();
          else if (line.startsWith("data:")) event.data += line.slice(5).trim();
        }
        if (block.startsWith(":")) continue; // a keep-alive comment
        received.push(event);
        for (const waiter of waiters.filter((w) => w.match(event))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    }
  })();
  const stream = {
    received,
    /** Resolves when the server ends the stream (not when the test closes it); fails after the timeout. */
    async ended(timeoutMs = 5_000): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms; received ${JSON.stringify(received)}`)), timeoutMs)));
      await Promise.race([reading, timedOut]).finally(() => clearTimeout(timer));
      if (!serverEnded) throw new Error("the stream was closed by the test, not by the server");
    },
    /** The first event (already received or still to come) that matches; fails after the timeout. */
    next(match: (event: StreamEvent) => boolean, timeoutMs = 5_000): Promise<StreamEvent> {
      const arrived = received.find(match);
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(received)}`)), timeoutMs);
        waiters.push({ match, resolve: (event) => (clearTimeout(timer), resolve(event)) });
      });
    },
    close: () => controller.abort(),
  };
  await stream.next((event) => event.event === "ready");
  return stream;
}

/** A change event about this blocker. */
export const aboutBlocker = (blockerId: string) => (event: StreamEvent) => event.event === "change" && event.data.includes(blockerId);
