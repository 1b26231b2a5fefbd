// GET /api/events?team=…: a server-sent event stream of "something you see changed" for the signed-in person, as
// a member of the team it names (an EventSource sends no headers). The stream ends when that membership does (they
// left, or were removed).
import { Hono } from "hono";
import { z } from "zod";
import { streamSSE } from "hono/streaming";
import { requireSession } from "../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../http/app-env.ts";
import { findMember, requireMember } from "../http/require-member.ts";
import { validate } from "../http/validate.ts";
import type { HubEvent, LiveEvent, TeamEvent } from "./event-hub.ts";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** The last event of a stream whose membership ended: the browser reads the team (and its people) again. */
const teamChanged: LiveEvent = { kind: "team" };

/** Why a stream was closed for a newer one: the browser's EventSource would reconnect at once, the tab waits to be looked at. */
const supersededEvent = { reason: "newer_stream" } as const;

/** The event as the browser gets it: its team is the stream's own. */
function toLiveEvent(event: TeamEvent): LiveEvent {
  if (event.kind === "blocker") return { kind: "blocker", blockerId: event.blockerId };
  return { kind: event.kind };
}

/**
 * `since`: when the page opening the stream read what it shows (ms, by the clock of the instance that read it, `on`;
 * from a page the server drew): what this instance heard since is sent first. An event heard before the read began
 * was committed before it, so the page holds it. Read on another instance, whose clock may be a little apart, two
 * seconds earlier than asked.
 */
const streamQuery = z.object({
  since: z.coerce.number({ message: "Not a time" }).int("Not a time").min(0, "Not a time").max(8.64e15, "Not a time").optional(),
  on: z.string().max(100, "Not an instance").optional(),
});
const OTHER_CLOCK_MARGIN_MS = 2_000;

/** How long a client refused for a full instance waits before trying again. */
const FULL_RETRY_SECONDS = 30;

export function liveEventRoutes({ db, readSession, readDeviceSession, events, answers, streams }: AppDependencies) {
  // A tray or browser extension follows the stream with its bearer token (decision 042).
  return new Hono<AppEnv>().use(requireSession(readSession, readDeviceSession), requireMember({ db, answers })).get("/", validate("query", streamQuery), (c) => {
    const { since, on } = c.req.valid("query");
    const { profileId, teamId } = c.get("member");
    const userId = c.get("user").id;
    const session = c.get("session");
    const sessionId = session.id;
    // A person's browser sessions count together; a tray's or extension's session counts on its own (stream-limits.ts).
    const place = streams.admit(typeof session.client === "string" ? { kind: "device", sessionId } : { kind: "person", userId });
    if (!place) {
      c.header("retry-after", String(FULL_RETRY_SECONDS));
      return c.json({ code: "live_updates_full", message: "Live updates are busy right now. Holdup will reconnect shortly.", retryAfter: FULL_RETRY_SECONDS }, 503);
    }
    return streamSSE(c, async (stream) => {
      const queue: LiveEvent[] = [];
      const membershipEnded = new AbortController();
      // Signed out, revoked from another device, or the account deleted: the stream ends with its session.
      const sessionEnded = new AbortController();
      let wake: (() => void) | undefined;
      place.superseded.addEventListener("abort", () => wake?.());
      const onEvent = (event: HubEvent) => {
        // An event says "look again"; the same one twice in the queue says nothing more. Without this, a client that
        // stops reading (its socket full, the writes waiting) would have its queue grow with every change.
        if (event.kind === "membership_ended") {
          if (event.teamId === teamId) membershipEnded.abort();
        } else if (event.kind === "sessions_ended") {
          if (event.sessionIds.includes(sessionId)) sessionEnded.abort();
        } else {
          if (event.teamId !== teamId) return; // another team of theirs: another tab's stream
          const live = toLiveEvent(event);
          if (!queue.some((queued) => JSON.stringify(queued) === JSON.stringify(live))) queue.push(live);
        }
        wake?.();
      };
      const unsubscribeFromPerson = events.subscribe(profileId, onEvent);
      const unsubscribeFromTeam = events.subscribeToTeam(teamId, onEvent);
      const unsubscribe = () => {
        unsubscribeFromPerson();
        unsubscribeFromTeam();
      };
      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const serverStopping = new AbortController();
      const stopOnClose = events.onClose(() => {
        serverStopping.abort();
        wake?.();
      });
      stream.onAbort(() => {
        place.release();
        unsubscribe();
        stopOnClose();
        clearInterval(heartbeat);
        wake?.();
      });
      // Asked again once subscribed: a membership that ended between requireMember and the subscription is seen
      // here, one that ends from now on arrives as an event.
      if (!(await findMember(db, userId, teamId))) membershipEnded.abort();
      // What the page missed between its read and this subscription, queued first (as heard: its team's alone).
      if (since !== undefined) for (const event of events.heardSince(profileId, teamId, new Date(on === events.instanceId ? since : since - OTHER_CLOCK_MARGIN_MS))) onEvent(event);
      if (!membershipEnded.signal.aborted) await stream.writeSSE({ event: "ready", data: "{}" });
      while (!stream.aborted && !serverStopping.signal.aborted && !membershipEnded.signal.aborted && !sessionEnded.signal.aborted && !place.superseded.aborted) {
        const event = queue.shift();
        if (event) await stream.writeSSE({ event: "change", data: JSON.stringify(event) });
        else await new Promise<void>((resolve) => (wake = resolve));
      }
      // Ending the response ends the stream. The server is stopping: the browser's EventSource reconnects, to
      // this instance once it is back or to another. The membership ended: what the team sent no longer reaches
      // them, and reconnecting finds them in no team (403) or in their new one.
      if (membershipEnded.signal.aborted && !stream.aborted) await stream.writeSSE({ event: "change", data: JSON.stringify(teamChanged) });
      // A newer stream of the same person took this one's place: the tab reconnects when it is next looked at.
      else if (place.superseded.aborted && !stream.aborted) await stream.writeSSE({ event: "reconnect", data: JSON.stringify(supersededEvent) });
      place.release();
      unsubscribe();
      stopOnClose();
      clearInterval(heartbeat);
    });
  });
}
