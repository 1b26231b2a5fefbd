// A blocking person's answers about their own part: done, declined (with a reason), or snoozed.
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { DATE_RANGE_MESSAGE, withinDateRange, type declineSchema } from "../../../common/blockers.ts";
import { snoozeEnd, type SnoozeRequest } from "../../../common/snooze.ts";
import { blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { fieldRefusal, Refusal } from "../../http/refusal.ts";
import { everyoneOn, outsiders, type BlockingEntry } from "./blocker-people.ts";
import { changeBlocker, notAllowed, requireOpen, resolveIfNobodyPending, type ChangeContext, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange, recordChanges } from "./record-change.ts";

function requirePendingPart(context: ChangeContext): BlockingEntry {
  requireOpen(context.blocker);
  const part = context.involvement.myPart;
  if (!part) throw notAllowed("Only the people this blocker waits on can answer for their part");
  if (part.status !== "pending") throw new Refusal(409, "part_not_pending", "You already answered for your part");
  return part;
}

async function setMyPart(context: ChangeContext, member: Member, changes: Partial<BlockingEntry>) {
  await context.tx
    .update(blockingUsers)
    .set(changes)
    .where(and(eq(blockingUsers.blockerId, context.blocker.id), eq(blockingUsers.profileId, member.profileId)));
  return { ...context.people, blocking: context.people.blocking.map((entry) => (entry.profileId === member.profileId ? { ...entry, ...changes } : entry)) };
}

/** The people to tell about an answer: those waiting and the creator. */
const waitingSide = (context: Pick<ChangeContext, "blocker" | "people">) => [context.blocker.createdBy, ...context.people.waiting];

/**
 * Who marks parts done: a member, their own part (the timeline's `done` names them as its actor); or something outside
 * the team, on the blocking people's behalf (GitHub, when the pull request merged): no actor, the event's payload says
 * what (`{ by: "github", … }`) and whose part it was (`profileId`), and the people waiting learn it from the resolution.
 */
export type DoneBy = { actorId: string } | { actorId: null; profileIds: string[]; payload: { by: string } & Record<string, unknown> };

/**
 * Marks pending parts done within a change (the blocker locked, its people loaded): each part's status, a `done` on the
 * timeline for each, and the blocker resolved once nobody is left pending. Answers whether it resolved.
 */
export async function markPartsDone(deps: ChangeDependencies, context: Pick<ChangeContext, "tx" | "blocker" | "people" | "now">, by: DoneBy) {
  const { tx, blocker, now } = context;
  const pending = new Set(context.people.blocking.filter((entry) => entry.status === "pending").map((entry) => entry.profileId));
  const marking = (by.actorId === null ? [...new Set(by.profileIds)] : [by.actorId]).filter((profileId) => pending.has(profileId));
  if (marking.length === 0) return false;
  await tx
    .update(blockingUsers)
    .set({ status: "done", respondedAt: now })
    .where(and(eq(blockingUsers.blockerId, blocker.id), inArray(blockingUsers.profileId, marking), eq(blockingUsers.status, "pending")));
  const people = { ...context.people, blocking: context.people.blocking.map((entry) => (marking.includes(entry.profileId) ? { ...entry, status: "done" as const, respondedAt: now } : entry)) };
  const audience = everyoneOn(blocker, people);
  await recordChanges(
    tx,
    deps,
    marking.map((profileId) =>
      by.actorId === null
        ? { blockerId: blocker.id, actorId: null, type: "done" as const, payload: { ...by.payload, profileId }, audience, at: now }
        : { blockerId: blocker.id, actorId: by.actorId, type: "done" as const, audience, notify: { type: "done" as const, profileIds: waitingSide(context) }, at: now },
    ),
  );
  return resolveIfNobodyPending(deps, { tx, blocker, now, actorId: by.actorId, ...(by.actorId === null ? { by: by.payload.by } : {}) }, people);
}

export function markDone(deps: ChangeDependencies, member: Member, blockerId: string, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    requirePendingPart(context);
    return { resolved: await markPartsDone(deps, context, { actorId: member.profileId }) };
  });
}

export function decline(deps: ChangeDependencies, member: Member, blockerId: string, input: z.output<typeof declineSchema>, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    requirePendingPart(context);
    if (input.suggestedProfileId && (await outsiders(context.tx, member.teamId, [input.suggestedProfileId])).length > 0) {
      throw fieldRefusal("suggestedProfileId", "Choose someone from your team");
    }
    const suggestedProfileId = input.suggestedProfileId ?? null;
    const people = await setMyPart(context, member, { status: "declined", respondedAt: now, declineReason: input.reason, suggestedProfileId });
    const payload = { reason: input.reason, suggestedProfileId };
    await recordChange(context.tx, deps, { blockerId, actorId: member.profileId, type: "declined", payload, audience: everyoneOn(context.blocker, people), notify: { type: "declined", profileIds: waitingSide(context) }, at: now });
    return { resolved: await resolveIfNobodyPending(deps, { ...context, actorId: member.profileId }, people) };
  });
}

/** Snoozes my part until the moment asked for, moved to the start of my working hours when it falls outside them. */
export function snooze(deps: ChangeDependencies, member: Member, blockerId: string, request: SnoozeRequest, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    requirePendingPart(context);
    const until = snoozeEnd(request, now, member);
    const field = "choice" in request ? "choice" : "on" in request ? "on" : "until";
    if (!until) throw fieldRefusal(field, "Later today is over: choose tomorrow or a date");
    if (until <= now) throw fieldRefusal(field, field === "on" ? "Choose a day after today" : "Choose a time in the future");
    // The last day of 9999 is in range, but the working day it moves to may be in the year 10000.
    if (!withinDateRange(until)) throw fieldRefusal(field, DATE_RANGE_MESSAGE);
    // The snooze it replaces, if one still runs: what an undo puts back.
    const before = context.involvement.myPart?.snoozedUntil;
    const from = before && before > now ? before.toISOString() : null;
    const people = await setMyPart(context, member, { snoozedUntil: until });
    await recordChange(context.tx, deps, { blockerId, actorId: member.profileId, type: "snoozed", payload: { until: until.toISOString(), from }, audience: everyoneOn(context.blocker, people), at: now });
    return { snoozedUntil: until };
  });
}
