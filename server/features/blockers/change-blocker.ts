// The frame of every change to a blocker: one transaction, the blocker locked (so two people resolving at
// once end in one state and one event), its people loaded, then the change itself.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { everyoneOn, findTeamBlocker, involvementOf, loadPeople, type Blocker, type BlockerPeople, type BlockingEntry, type Executor } from "./blocker-people.ts";
import { recordChange } from "./record-change.ts";

export type ChangeDependencies = { db: Database; events: EventHub; jobs: JobQueue };
export type ChangeContext = { tx: Executor; blocker: Blocker; people: BlockerPeople; involvement: ReturnType<typeof involvementOf<BlockingEntry>>; now: Date };

export function changeBlocker<T>(deps: ChangeDependencies, member: Member, blockerId: string, now: Date, change: (context: ChangeContext) => Promise<T>): Promise<T> {
  // Whatever the change, the team's kept answers (dashboards, the board) are stale once it commits.
  return deps.events.changeData(deps.db, { teamIds: [member.teamId] }, async (tx) => {
    const blocker = await findTeamBlocker(tx, blockerId, member.teamId, { lock: true });
    const people = await loadPeople(tx, blockerId);
    return change({ tx, blocker, people, involvement: involvementOf(member, blocker, people), now });
  });
}

export const notAllowed = (message: string) => new Refusal(403, "not_allowed", message);
export const alreadyEnded = () => new Refusal(409, "blocker_not_open", "This blocker is already resolved or cancelled");

export function requireOpen(blocker: Blocker) {
  if (blocker.status !== "open") throw alreadyEnded();
}

/** Only the people on a blocker (and the team's admins) may change it. */
export function requireInvolved({ involvement }: ChangeContext) {
  if (!involvement.isInvolved && !involvement.isAdmin) throw notAllowed("Only the people on this blocker can change it");
}

/**
 * Resolves the blocker by itself once nobody is left pending and someone marked their part done (DESIGN.md §3).
 * Called after a part changed; `people` must be the state after that change. `actorId` is null when nobody on
 * the team made that change (a blocking person's part released because they left the team); `by` then names what
 * outside the team did, when something did (GitHub: the pull request merged).
 */
export async function resolveIfNobodyPending(deps: ChangeDependencies, context: Pick<ChangeContext, "tx" | "blocker" | "now"> & { actorId: string | null; by?: string }, people: BlockerPeople) {
  const { tx, blocker, now, actorId, by } = context;
  const pending = people.blocking.some((entry) => entry.status === "pending");
  const someoneDone = people.blocking.some((entry) => entry.status === "done");
  if (pending || !someoneDone || blocker.status !== "open") return false;
  await tx
    .update(blockers)
    .set({ status: "resolved", resolvedAt: now, resolvedBy: actorId })
    .where(and(eq(blockers.id, blocker.id), eq(blockers.status, "open")));
  const everyone = everyoneOn(blocker, people);
  await recordChange(tx, deps, { blockerId: blocker.id, actorId, type: "resolved", payload: by ? { automatic: true, by } : { automatic: true }, audience: everyone, notify: { type: "resolved", profileIds: everyone }, at: now });
  return true;
}
