// Which cached reads a live event makes stale. Prefixes: a blocker change refreshes every list, that one
// blocker's page, the counters, people's pages and the reports, but not the other blockers' pages.
import type { QueryKey } from "@tanstack/react-query";
import { blockerKeys } from "@/web/features/blockers/api/blocker-keys";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import { insightKeys } from "@/web/features/insights/api/insight-keys";
import { notificationKeys } from "@/web/features/notifications/api/notification-keys";
import { peopleKeys } from "@/web/features/people/api/people-keys";
import { teamKeys, teamsKeys } from "@/web/features/team/api/team";

/** What GET /api/events sends in its `change` events (server/realtime/event-hub.ts). */
export type LiveEvent = { kind: "blocker"; blockerId: string } | { kind: "notification" } | { kind: "team" };

export function parseLiveEvent(data: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("kind" in value)) return null;
  if (value.kind === "blocker") return "blockerId" in value && typeof value.blockerId === "string" ? { kind: "blocker", blockerId: value.blockerId } : null;
  if (value.kind === "notification" || value.kind === "team") return { kind: value.kind };
  return null;
}

export function staleKeysFor(event: LiveEvent): QueryKey[] {
  switch (event.kind) {
    case "blocker":
      return [blockerKeys.lists(), blockerKeys.detail(event.blockerId), counterKeys.all, peopleKeys.details(), insightKeys.all];
    case "notification":
      return [notificationKeys.all];
    case "team":
      return [teamKeys.all, teamsKeys.all, peopleKeys.all];
  }
}

/** After a reconnection events may have been missed, so everything they cover is read again. */
export const allLiveKeys: QueryKey[] = [blockerKeys.all, counterKeys.all, peopleKeys.all, notificationKeys.all, teamKeys.all, teamsKeys.all, insightKeys.all];

/** 1 s, 2 s, 4 s… up to a minute between attempts to reconnect. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 60_000);
