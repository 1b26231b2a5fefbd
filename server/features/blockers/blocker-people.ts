// Who is on a blocker and what each of them may do: the permission rules of the blockers feature in one place.
import { and, eq, inArray } from "drizzle-orm";
import { nextNudgeTime } from "../../../common/nudge-rules.ts";
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
  return (await loadPeopleOfEach(executor, [blockerId])).get(blockerId) ?? { waiting: [], blocking: [] };
}

/** The people of several blockers, in two queries whatever their number. */
export async function loadPeopleOfEach(executor: Executor, blockerIds: string[]): Promise<Map<string, BlockerPeople>> {
  const people = new Map<string, BlockerPeople>(blockerIds.map((id) => [id, { waiting: [], blocking: [] }]));
  if (blockerIds.length === 0) return people;
  const [waiting, blocking] = await Promise.all([
    executor.select({ blockerId: blockedUsers.blockerId, profileId: blockedUsers.profileId }).from(blockedUsers).where(inArray(blockedUsers.blockerId, blockerIds)),
    executor.select().from(blockingUsers).where(inArray(blockingUsers.blockerId, blockerIds)),
  ]);
  for (const row of waiting) people.get(row.blockerId)?.waiting.push(row.profileId);
  for (const row of blocking) people.get(row.blockerId)?.blocking.push(row);
  return people;
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

/** When a manual nudge to this blocking person is next allowed (null: now): common/nudge-rules.ts. */
export const nextManualNudgeAt = (entry: Parameters<typeof nextNudgeTime>[0], now: Date): Date | null => {
  const next = nextNudgeTime(entry, now.getTime());
  return next === null ? null : new Date(next);
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
  const found = await currentMembersOnEach(executor, [{ blockerId, profileIds }]);
  return found.get(blockerId) ?? { members: new Set(), teamId: undefined };
}

/**
 * The same for several blockers in one query: for each, which of these people are still in its team, and the team.
 * (A blocker none of whose people is still in its team is missing from the answer.)
 */
export async function currentMembersOnEach(executor: Executor, asked: { blockerId: string; profileIds: Iterable<string> }[]) {
  const wanted = new Map(asked.map(({ blockerId, profileIds }) => [blockerId, new Set(profileIds)]));
  const everyone = [...new Set(asked.flatMap(({ profileIds }) => [...profileIds]))];
  const answer = new Map<string, { members: Set<string>; teamId: string }>();
  if (everyone.length === 0 || wanted.size === 0) return answer;
  const rows = await executor
    .select({ id: profiles.id, blockerId: blockers.id, teamId: blockers.organizationId })
    .from(profiles)
    .innerJoin(teamMember, eq(teamMember.userId, profiles.authId))
    .innerJoin(blockers, and(inArray(blockers.id, [...wanted.keys()]), eq(blockers.organizationId, teamMember.organizationId)))
    .where(inArray(profiles.id, everyone));
  for (const row of rows) {
    if (!wanted.get(row.blockerId)?.has(row.id)) continue;
    const entry = answer.get(row.blockerId) ?? { members: new Set<string>(), teamId: row.teamId };
    entry.members.add(row.id);
    answer.set(row.blockerId, entry);
  }
  return answer;
}
