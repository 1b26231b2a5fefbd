// A list item for blockers: the blocker with its people and their parts, and what the viewer may do with it,
// built for many blockers in three queries.
import { inArray } from "drizzle-orm";
import { blockedUsers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { allowedActions, nextManualNudgeAt, type Blocker, type Executor } from "./blocker-people.ts";
import { peopleSummaries, personOf, type PersonSummary } from "./people-summaries.ts";

export async function blockerCards(executor: Executor, viewer: Member, list: Blocker[], now: Date) {
  const ids = list.map((blocker) => blocker.id);
  if (ids.length === 0) return [];
  const [waitingRows, blockingRows] = await Promise.all([
    executor.select().from(blockedUsers).where(inArray(blockedUsers.blockerId, ids)),
    executor.select().from(blockingUsers).where(inArray(blockingUsers.blockerId, ids)),
  ]);
  const everyone = [
    ...list.map((blocker) => blocker.createdBy),
    ...waitingRows.map((row) => row.profileId),
    ...blockingRows.flatMap((row) => (row.suggestedProfileId ? [row.profileId, row.suggestedProfileId] : [row.profileId])),
  ];
  // "Former member" is about the blocker's own team; a list holds one team's blockers, so this is one query.
  const teamIds = [...new Set(list.map((blocker) => blocker.organizationId))];
  const peopleByTeam = new Map(await Promise.all(teamIds.map(async (teamId) => [teamId, await peopleSummaries(executor, everyone, teamId)] as const)));
  return list.map((blocker) => {
    const people = peopleByTeam.get(blocker.organizationId) ?? new Map<string, PersonSummary>();
    const waiting = waitingRows.filter((row) => row.blockerId === blocker.id);
    const blocking = blockingRows.filter((row) => row.blockerId === blocker.id);
    return {
      id: blocker.id,
      title: blocker.title,
      priority: blocker.priority,
      status: blocker.status,
      createdAt: blocker.createdAt,
      dueAt: blocker.dueAt,
      resolvedAt: blocker.resolvedAt,
      creator: personOf(people, blocker.createdBy),
      waiting: waiting.map((row) => personOf(people, row.profileId)),
      blocking: blocking.map((row) => ({
        person: personOf(people, row.profileId),
        status: row.status,
        snoozedUntil: row.snoozedUntil,
        lastNudgedAt: row.lastNudgedAt,
        nextNudgeAt: nextManualNudgeAt(row, now),
        declineReason: row.status === "declined" ? row.declineReason : null,
        suggested: row.status === "declined" && row.suggestedProfileId ? personOf(people, row.suggestedProfileId) : null,
      })),
      can: allowedActions(viewer, blocker, { waiting: waiting.map((row) => row.profileId), blocking }),
    };
  });
}

export type BlockerCard = Awaited<ReturnType<typeof blockerCards>>[number];
