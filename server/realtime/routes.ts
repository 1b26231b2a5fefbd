// GET /api/events: a server-sent event stream of "something you see changed" for the signed-in person.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { requireSession } from "../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../http/app-env.ts";
import { requireMember } from "../http/require-member.ts";
import type { LiveEvent } from "./event-hub.ts";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export function liveEventRoutes({ db, readSession, events }: AppDependencies) {
  return new Hono<AppEnv>().use(requireSession(readSession), requireMember(db)).get("/", (c) => {
    const { profileId } = c.get("member");
    return streamSSE(c, async (stream) => {
      const queue: LiveEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = events.subscribe(profileId, (event) => {
        queue.push(event);
        wake?.();
      });
      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const serverStopping = new AbortController();
      const stopOnClose = events.onClose(() => {
        serverStopping.abort();
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        stopOnClose();
        clearInterval(heartbeat);
        wake?.();
      });
      await stream.writeSSE({ event: "ready", data: "{}" });
      while (!stream.aborted && !serverStopping.signal.aborted) {
        const event = queue.shift();
        if (event) await stream.writeSSE({ event: "change", data: JSON.stringify(event) });
        else await new Promise<void>((resolve) => (wake = resolve));
      }
      // The server is stopping: the browser's EventSource reconnects, to this instance once it is back or to another.
      unsubscribe();
      stopOnClose();
      clearInterval(heartbeat);
    });
  });
}
