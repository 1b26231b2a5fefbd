// Who is on a blocker and what each of them may do: the permission rules of the blockers feature in one place.
import { and, eq, inArray } from "drizzle-orm";
import { MANUAL_NUDGE_INTERVAL_MS } from "../../../common/blockers.ts";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers, member as teamMember, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerNotFound, Refusal } from "../../http/refusal.ts";

/** The database or a transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
export type Blocker = typeof blockers.$inferSelect;
export type BlockingEntry = typeof blockingUsers.$inferSelect;
export type BlockerPeople = { waiting: string[]; blocking: BlockingEntry[] };
/** What the permission rules read of a blocker and of its parts. */
type RuledBlocker = Pick<Blocker, "createdBy" | "status">;
type RuledPart = Pick<BlockingEntry, "profileId" | "status">;

/** The blocker, if it belongs to the member's team (404 otherwise); `lock` holds it until the transaction ends. */
export async function findTeamBlocker(executor: Executor, blockerId: string, teamId: string, options: { lock?: boolean } = {}): Promise<Blocker> {
  const query = executor
    .select()
    .from(blockers)
    .where(and(eq(blockers.id, blockerId), eq(blockers.organizationId, teamId)));
  const [blocker] = options.lock ? await query.for("update") : await query;
  if (!blocker) throw blockerNotFound();
  return blocker;
}

export async function loadPeople(executor: Executor, blockerId: string): Promise<BlockerPeople> {
  const [waiting, blocking] = await Promise.all([
    executor.select({ profileId: blockedUsers.profileId }).from(blockedUsers).where(eq(blockedUsers.blockerId, blockerId)),
    executor.select().from(blockingUsers).where(eq(blockingUsers.blockerId, blockerId)),
  ]);
  return { waiting: waiting.map((row) => row.profileId), blocking };
}

/** Everyone a change to this blocker concerns: its creator, the people waiting and the people waited on. */
export const everyoneOn = (blocker: Blocker, people: BlockerPeople) => new Set([blocker.createdBy, ...people.waiting, ...people.blocking.map((entry) => entry.profileId)]);

export function involvementOf<Part extends RuledPart>(member: Member, blocker: RuledBlocker, people: { waiting: string[]; blocking: Part[] }) {
  const isCreator = blocker.createdBy === member.profileId;
  const isWaiting = people.waiting.includes(member.profileId);
  const myPart = people.blocking.find((entry) => entry.profileId === member.profileId);
  const isInvolved = isCreator || isWaiting || myPart !== undefined;
  return { isCreator, isWaiting, myPart, isInvolved, isAdmin: member.isAdmin };
}

/** When a manual nudge to this blocking person is next allowed (null: now). */
export const nextManualNudgeAt = (entry: Pick<BlockingEntry, "lastNudgedAt">, now: Date): Date | null => {
  if (!entry.lastNudgedAt) return null;
  const next = new Date(entry.lastNudgedAt.getTime() + MANUAL_NUDGE_INTERVAL_MS);
  return next > now ? next : null;
};

/** What the member may do on this blocker right now: what the detail page offers, and what the server allows. */
export function allowedActions(member: Member, blocker: RuledBlocker, people: { waiting: string[]; blocking: RuledPart[] }) {
  const { isCreator, isWaiting, myPart, isInvolved, isAdmin } = involvementOf(member, blocker, people);
  const open = blocker.status === "open";
  const myPartPending = open && myPart?.status === "pending";
  return {
    markDone: myPartPending,
    decline: myPartPending,
    snooze: myPartPending,
    comment: isInvolved || isAdmin,
    nudge: open && (isWaiting || isCreator),
    resolve: open && (isCreator || isAdmin),
    cancel: open && (isCreator || isAdmin),
    reopen: !open && (isInvolved || isAdmin),
    changePeople: open && (isInvolved || isAdmin),
    edit: isCreator || isAdmin,
  };
}

export type AllowedActions = ReturnType<typeof allowedActions>;

export const formerMemberRefusal = () => new Refusal(409, "former_member", "This person is no longer in your team");

/** Checks that every profile is a member of the team; returns those that are not. */
export async function outsiders(executor: Executor, teamId: string, profileIds: string[]): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(teamMember, and(eq(teamMember.userId, profiles.authId), eq(teamMember.organizationId, teamId)))
    .where(inArray(profiles.id, profileIds));
  const insiders = new Set(rows.map((row) => row.id));
  return profileIds.filter((id) => !insiders.has(id));
}

/**
 * Those of these profiles who are members of the blocker's team now. A change reaches only them: someone who
 * left the team (or was removed) gets neither notifications nor live events about its blockers any more.
 */
export async function currentMembersOn(executor: Executor, blockerId: string, profileIds: Iterable<string>): Promise<{ members: Set<string>; teamId: string | undefined }> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return { members: new Set(), teamId: undefined };
  const rows = await executor
    .select({ id: profiles.id, teamId: blockers.organizationId })
    .from(profiles)
    .innerJoin(teamMember, eq(teamMember.userId, profiles.authId))
    .innerJoin(blockers, and(eq(blockers.id, blockerId), eq(blockers.organizationId, teamMember.organizationId)))
    .where(inArray(profiles.id, ids));
  // The blocker's team comes with its members: the one team they all share with it.
  return { members: new Set(rows.map((row) => row.id)), teamId: rows[0]?.teamId };
}
