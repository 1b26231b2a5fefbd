// The reports' rollup kept in step with every change to a blocker (docs/decisions/037-insights.md). After a change,
// the blocker's ongoing spans are compared with the state the change left — is it open, whose parts are pending,
// who waits on it — in the change's own transaction: a span that no longer holds ends at the change's time, with
// how it ended; one that now holds begins at it. Working from the state rather than from each event's meaning,
// no kind of change (a reopening, someone leaving the team, an invitee joining) can leave the rollup behind.
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BlockerEventType, BlockerStatus, BlockingStatus } from "../../../common/blockers.ts";
import type { blockerSpanKinds, blockerSpanOutcomes } from "../../../common/insights.ts";
import { blockedUsers, blockers, blockerSpans, blockingUsers } from "../../db/schema.ts";
import type { Executor } from "../blockers/blocker-people.ts";

type SpanKind = (typeof blockerSpanKinds)[number];
type SpanOutcome = (typeof blockerSpanOutcomes)[number];

export type BlockerState = {
  blockerId: string;
  teamId: string;
  status: BlockerStatus;
  blocking: { profileId: string; status: BlockingStatus }[];
  waiting: string[];
};
export type OngoingSpan = { id: string; kind: SpanKind; profileId: string | null };
export type SpanChanges = { end: { id: string; outcome: SpanOutcome }[]; begin: { kind: SpanKind; profileId: string | null }[] };

/** The changes that leave who is pending, who waits and whether the blocker is open as they were. */
const STATE_KEEPING_EVENTS = new Set<BlockerEventType>(["commented", "nudged", "auto_nudged", "snoozed", "edited", "escalated"]);
export const NUDGE_EVENTS = new Set<BlockerEventType>(["nudged", "auto_nudged"]);

export const changesSpans = (type: BlockerEventType) => !STATE_KEEPING_EVENTS.has(type);

/** Which of a blocker's ongoing spans end, and which begin, for it to match its state. */
export function spanChanges(state: BlockerState, ongoing: readonly OngoingSpan[]): SpanChanges {
  const isOpen = state.status === "open";
  const holding = new Map<string, SpanOutcome | null>();
  // Each span that should be going on now, keyed by kind and person; the value is null while it holds, or how it ended.
  const keyOf = (kind: SpanKind, profileId: string | null) => `${kind}:${profileId ?? ""}`;
  holding.set(keyOf("open", null), isOpen ? null : state.status === "cancelled" ? "cancelled" : "resolved");
  for (const part of state.blocking) holding.set(keyOf("blocking", part.profileId), part.status === "pending" ? null : part.status);
  for (const profileId of state.waiting) holding.set(keyOf("waiting", profileId), isOpen ? null : "ended");

  const changes: SpanChanges = { end: [], begin: [] };
  const going = new Set<string>();
  for (const span of ongoing) {
    const key = keyOf(span.kind, span.profileId);
    const outcome = holding.get(key);
    // Not on the blocker any more: taken off it (a part or a waiting person removed while it was open).
    if (outcome === undefined) changes.end.push({ id: span.id, outcome: span.kind === "waiting" && !isOpen ? "ended" : "removed" });
    else if (outcome !== null || going.has(key)) changes.end.push({ id: span.id, outcome: outcome ?? "removed" });
    else going.add(key);
  }
  if (isOpen && !going.has(keyOf("open", null))) changes.begin.push({ kind: "open", profileId: null });
  for (const part of state.blocking) if (part.status === "pending" && !going.has(keyOf("blocking", part.profileId))) changes.begin.push({ kind: "blocking", profileId: part.profileId });
  if (isOpen) for (const profileId of state.waiting) if (!going.has(keyOf("waiting", profileId))) changes.begin.push({ kind: "waiting", profileId });
  return changes;
}

/** Brings the spans of these blockers in line with their state, as of `at` (the change's time). */
export async function trackSpans(executor: Executor, blockerIds: readonly string[], at: Date) {
  const ids = [...new Set(blockerIds)];
  if (ids.length === 0) return;
  // One after the other: they share the change's transaction, whose connection runs one statement at a time.
  const states = await executor.select({ blockerId: blockers.id, teamId: blockers.organizationId, status: blockers.status }).from(blockers).where(inArray(blockers.id, ids));
  const parts = await executor.select({ blockerId: blockingUsers.blockerId, profileId: blockingUsers.profileId, status: blockingUsers.status }).from(blockingUsers).where(inArray(blockingUsers.blockerId, ids));
  const waiting = await executor.select({ blockerId: blockedUsers.blockerId, profileId: blockedUsers.profileId }).from(blockedUsers).where(inArray(blockedUsers.blockerId, ids));
  const ongoing = await executor
    .select({ id: blockerSpans.id, blockerId: blockerSpans.blockerId, kind: blockerSpans.kind, profileId: blockerSpans.profileId })
    .from(blockerSpans)
    .where(and(inArray(blockerSpans.blockerId, ids), isNull(blockerSpans.endedAt)));
  const ends = new Map<SpanOutcome, string[]>();
  const begins: (typeof blockerSpans.$inferInsert)[] = [];
  for (const state of states) {
    const changes = spanChanges(
      {
        ...state,
        blocking: parts.filter((part) => part.blockerId === state.blockerId),
        waiting: waiting.filter((entry) => entry.blockerId === state.blockerId).map((entry) => entry.profileId),
      },
      ongoing.filter((span) => span.blockerId === state.blockerId),
    );
    for (const { id, outcome } of changes.end) ends.set(outcome, [...(ends.get(outcome) ?? []), id]);
    for (const { kind, profileId } of changes.begin) begins.push({ organizationId: state.teamId, blockerId: state.blockerId, kind, profileId, startedAt: at });
  }
  for (const [outcome, spanIds] of ends) await executor.update(blockerSpans).set({ endedAt: at, outcome }).where(inArray(blockerSpans.id, spanIds));
  if (begins.length > 0) await executor.insert(blockerSpans).values(begins);
}

/** Counts nudges (manual or automatic) on the parts they were sent about, while those are pending. */
export async function countNudges(executor: Executor, nudged: readonly { blockerId: string; profileId: string }[]) {
  const counts = new Map<string, { blockerId: string; profileId: string; count: number }>();
  for (const { blockerId, profileId } of nudged) {
    const key = `${blockerId}:${profileId}`;
    const entry = counts.get(key) ?? { blockerId, profileId, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  if (counts.size === 0) return;
  const values = sql.join(
    [...counts.values()].map(({ blockerId, profileId, count }) => sql`(${blockerId}::uuid, ${profileId}::uuid, ${count}::int)`),
    sql`, `,
  );
  await executor.execute(sql`
    update ${blockerSpans} set nudges = ${blockerSpans.nudges} + sent.count
    from (values ${values}) as sent(blocker_id, profile_id, count)
    where ${blockerSpans.blockerId} = sent.blocker_id and ${blockerSpans.profileId} = sent.profile_id
      and ${blockerSpans.kind} = 'blocking' and ${blockerSpans.endedAt} is null`);
  // And on the blocker's opening, for "nudges per resolved blocker" (one row per blocker: an update takes one match).
  await executor.execute(sql`
    update ${blockerSpans} set nudges = ${blockerSpans.nudges} + sent.count
    from (select blocker_id, sum(count)::int as count from (values ${values}) as each_one(blocker_id, profile_id, count) group by blocker_id) as sent
    where ${blockerSpans.blockerId} = sent.blocker_id and ${blockerSpans.kind} = 'open' and ${blockerSpans.endedAt} is null`);
}
