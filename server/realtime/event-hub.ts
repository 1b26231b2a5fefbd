// Live updates: a change publishes "something about blocker X changed" for the people concerned; every server
// instance sharing the database hears it (PostgreSQL LISTEN/NOTIFY) and passes it to those people's open
// event streams (server/realtime/routes.ts). The browser then refetches what it shows.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { Clock } from "../http/app-env.ts";
import type { Logger } from "../logger.ts";
import { createChangeVersions, type ChangeVersions, type Staleness } from "./change-versions.ts";

/** What the browser is told (GET /api/events): what to read again. */
export type LiveEvent = { kind: "blocker"; blockerId: string } | { kind: "notification" } | { kind: "team" };
/**
 * Blocker and notification events, as published, name the team they happened in: a stream passes on only those of
 * the team it was opened for, without the team (decision 029).
 */
export type TeamEvent = ({ kind: "blocker"; blockerId: string } | { kind: "notification" } | { kind: "team" }) & { teamId: string };
/**
 * For the server's own streams, never passed on as such: the person is no longer in this team, so every stream
 * they opened as its member ends, on every instance (server/realtime/routes.ts).
 */
export type MembershipEnded = { kind: "membership_ended"; teamId: string };
/** For the server's own streams too: these sessions ended (signed out, revoked, the account deleted): their streams end. */
export type SessionsEnded = { kind: "sessions_ended"; sessionIds: string[] };
export type HubEvent = TeamEvent | MembershipEnded | SessionsEnded;
type Listener = (event: HubEvent) => void;
/**
 * An event for some people's streams, or for every stream opened for a team (one name in the message, however
 * large the team: a NOTIFY payload holds 8,000 bytes), or what a change made stale for every instance's answers.
 */
type Message = { to: string[]; event: HubEvent } | { toTeam: string; event: TeamEvent } | { stale: Staleness } | { sessionsEndedOf: string };

const CHANNEL = "holdup_live";

/** Anything that can run SQL: the database or a transaction. */
type Executor = Pick<Database, "execute">;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type EventHub = {
  /**
   * Sends the event to these profiles. Called inside the transaction that makes the change, the message
   * leaves on commit and never for a change that was rolled back.
   */
  publish: (executor: Executor, profileIds: Iterable<string>, event: HubEvent) => Promise<void>;
  /** The same for many events at once, in one statement (the reminder engine records many changes together). */
  publishMany: (executor: Executor, messages: { profileIds: Iterable<string>; event: HubEvent }[]) => Promise<void>;
  /** Sends the event to every stream opened for its team (the team's members changed: who is in it, their roles). */
  publishToTeam: (executor: Executor, event: TeamEvent) => Promise<void>;
  subscribe: (profileId: string, listener: Listener) => () => void;
  subscribeToTeam: (teamId: string, listener: Listener) => () => void;
  /** Called when the hub closes (the server is stopping), so open streams end instead of holding the server up. */
  onClose: (callback: () => void) => () => void;
  close: () => Promise<void>;
  /** When what cached answers were read from last changed (server/http/answer-cache.ts). */
  versions: ChangeVersions;
  /**
   * Runs `change` in one transaction and marks what it changes stale: on this instance as soon as it commits (so
   * the next read here, the author's own, sees it), on every other instance when the notification arrives.
   */
  changeData: <T>(db: Database, stale: Staleness, change: (tx: Transaction) => Promise<T>) => Promise<T>;
  /** The same for a change already committed (better-auth's own writes): marked here at once, elsewhere on notice. */
  changedData: (db: Database, stale: Staleness) => Promise<void>;
  /**
   * Some of this person's sessions ended: every instance stops trusting the signed copies of their sessions it may be
   * shown (server/auth/ended-sessions.ts), here at once and elsewhere on notice; the ended sessions' streams end.
   */
  endSessions: (executor: Executor, ended: { userId: string; profileId: string | undefined; sessionIds: string[] }) => Promise<void>;
  /** Called with the person's user id whenever some of their sessions ended, on whichever instance. */
  onSessionsEnded: (callback: (userId: string) => void) => () => void;
  /**
   * The events for this person or this team heard since `since` (by this instance's clock, at most two minutes back):
   * what a page read just before its stream opened has missed (issue #28).
   */
  heardSince: (profileId: string, teamId: string, since: Date) => TeamEvent[];
  /** This instance, among those sharing the database: a page read here and a stream opened here share one clock. */
  instanceId: string;
};

/** How long, and how many, heard events are kept for a stream that asks what it missed. */
const HEARD_FOR_MS = 2 * 60_000;
const HEARD_AT_MOST = 10_000;
type Heard = { at: number; to: string[] | undefined; toTeam: string | undefined; event: TeamEvent };

function addListener(map: Map<string, Set<Listener>>, key: string, listener: Listener) {
  const forKey = map.get(key) ?? new Set<Listener>();
  forKey.add(listener);
  map.set(key, forKey);
  return () => {
    forKey.delete(listener);
    if (forKey.size === 0) map.delete(key);
  };
}

export async function createEventHub(database: Pick<DatabaseHandle, "listen">, logger: Logger, clock: Clock): Promise<EventHub> {
  const listeners = new Map<string, Set<Listener>>();
  const teamListeners = new Map<string, Set<Listener>>();
  const closeCallbacks = new Set<() => void>();
  const sessionsEndedCallbacks = new Set<(userId: string) => void>();
  const sessionsEnded = (userId: string) => {
    for (const callback of sessionsEndedCallbacks) callback(userId);
  };
  const versions = createChangeVersions();
  const heard: Heard[] = [];
  const hear = (to: string[] | undefined, toTeam: string | undefined, event: HubEvent) => {
    if (event.kind !== "blocker" && event.kind !== "notification" && event.kind !== "team") return;
    const at = clock.now().getTime();
    heard.push({ at, to, toTeam, event });
    while (heard.length > HEARD_AT_MOST || (heard[0] && heard[0].at < at - HEARD_FOR_MS)) heard.shift();
  };
  const notifyStale = (executor: Executor, stale: Staleness) => executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ stale } satisfies Message)})`);
  const stopListening = await database.listen(
    CHANNEL,
    (payload) => {
      let message: Message;
      try {
        message = JSON.parse(payload) as Message;
      } catch {
        logger.warn(`Ignored a malformed live event: ${payload.slice(0, 200)}`);
        return;
      }
      if ("stale" in message) return versions.mark(message.stale);
      if ("sessionsEndedOf" in message) return sessionsEnded(message.sessionsEndedOf);
      if ("toTeam" in message) {
        hear(undefined, message.toTeam, message.event);
        for (const listener of teamListeners.get(message.toTeam) ?? []) listener(message.event);
      } else {
        hear(message.to, undefined, message.event);
        for (const profileId of message.to) for (const listener of listeners.get(profileId) ?? []) listener(message.event);
      }
    },
    // While the connection that hears other instances is lost, their changes go unheard: no cached answer is served.
    { lost: versions.markUnknown, restored: versions.markKnown },
  );

  return {
    publish: async (executor, profileIds, event) => {
      const to = [...new Set(profileIds)];
      if (to.length === 0) return;
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ to, event } satisfies Message)})`);
    },
    publishMany: async (executor, messages) => {
      const payloads = messages
        .map(({ profileIds, event }) => ({ to: [...new Set(profileIds)], event }) satisfies Message)
        .filter((message) => message.to.length > 0)
        .map((message) => JSON.stringify(message));
      if (payloads.length === 0) return;
      await executor.execute(sql`select pg_notify(${CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`);
    },
    publishToTeam: async (executor, event) => {
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ toTeam: event.teamId, event } satisfies Message)})`);
    },
    subscribe: (profileId, listener) => addListener(listeners, profileId, listener),
    subscribeToTeam: (teamId, listener) => addListener(teamListeners, teamId, listener),
    onClose: (callback) => {
      closeCallbacks.add(callback);
      return () => closeCallbacks.delete(callback);
    },
    close: async () => {
      for (const callback of closeCallbacks) callback();
      await stopListening();
    },
    versions,
    changeData: async (db, stale, change) => {
      const result = await db.transaction(async (tx) => {
        const value = await change(tx);
        await notifyStale(tx, stale);
        return value;
      });
      versions.mark(stale);
      return result;
    },
    changedData: async (db, stale) => {
      versions.mark(stale);
      await notifyStale(db, stale);
    },
    endSessions: async (executor, { userId, profileId, sessionIds }) => {
      sessionsEnded(userId);
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ sessionsEndedOf: userId } satisfies Message)})`);
      if (profileId && sessionIds.length > 0) {
        await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ to: [profileId], event: { kind: "sessions_ended", sessionIds } } satisfies Message)})`);
      }
    },
    onSessionsEnded: (callback) => {
      sessionsEndedCallbacks.add(callback);
      return () => sessionsEndedCallbacks.delete(callback);
    },
    instanceId: randomUUID(),
    heardSince: (profileId, teamId, since) =>
      heard.filter(({ at, to, toTeam }) => at >= since.getTime() && (toTeam === teamId || to?.includes(profileId))).map(({ event }) => event),
  };
}
