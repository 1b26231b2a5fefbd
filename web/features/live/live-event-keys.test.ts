import { describe, expect, it } from "vitest";
import { blockerKeys } from "@/web/features/blockers/api/blocker-keys";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import { insightKeys } from "@/web/features/insights/api/insight-keys";
import { notificationKeys } from "@/web/features/notifications/api/notification-keys";
import { peopleKeys } from "@/web/features/people/api/people-keys";
import { parseLiveEvent, reconnectDelay, staleKeysFor } from "./live-event-keys";

/** Whether invalidating `prefix` reaches `key`, as TanStack Query matches query keys by prefix. */
const covers = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));
const reached = (prefixes: readonly (readonly unknown[])[], key: readonly unknown[]) => prefixes.some((prefix) => covers(prefix, key));

describe("live events", () => {
  it("reads the server's three kinds and ignores anything else", () => {
    expect(parseLiveEvent('{"kind":"blocker","blockerId":"b1"}')).toEqual({ kind: "blocker", blockerId: "b1" });
    expect(parseLiveEvent('{"kind":"notification"}')).toEqual({ kind: "notification" });
    expect(parseLiveEvent('{"kind":"team"}')).toEqual({ kind: "team" });
    expect(parseLiveEvent('{"kind":"blocker"}')).toBeNull();
    expect(parseLiveEvent('{"kind":"other"}')).toBeNull();
    expect(parseLiveEvent("not json")).toBeNull();
  });

  it("refreshes every blocker list, that blocker's page, the counters, people's pages and the reports on a blocker change", () => {
    const stale = staleKeysFor({ kind: "blocker", blockerId: "b1" });
    for (const key of [blockerKeys.list("waiting-on-me"), blockerKeys.list("im-waiting-on"), blockerKeys.resolved({ person: "p1" }), blockerKeys.detail("b1"), counterKeys.all, peopleKeys.detail("p1"), insightKeys.team({ days: "90" }), insightKeys.personal({})]) {
      expect(reached(stale, key), JSON.stringify(key)).toBe(true);
    }
    expect(reached(stale, blockerKeys.detail("b2"))).toBe(false);
    expect(reached(stale, notificationKeys.list())).toBe(false);
  });

  it("refreshes the notification list and the unread count on a notification", () => {
    const stale = staleKeysFor({ kind: "notification" });
    expect(reached(stale, notificationKeys.list())).toBe(true);
    expect(reached(stale, notificationKeys.unreadCount())).toBe(true);
    expect(reached(stale, blockerKeys.lists())).toBe(false);
  });

  it("backs off exponentially up to a minute", () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20)).toBe(60_000);
  });
});
