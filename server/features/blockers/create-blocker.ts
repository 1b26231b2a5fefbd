import { and, count, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import { FREE_BLOCKERS_PER_DAY, type createBlockerSchema } from "../../../common/blockers.ts";
import { paths } from "../../../common/paths.ts";
import type { Config } from "../../config.ts";
import { blockedUsers, blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { fieldRefusal, Refusal } from "../../http/refusal.ts";
import type { ChangeDependencies } from "./change-blocker.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";
import { outsiders } from "./blocker-people.ts";
import { addInvitees, sortByMembership } from "./invitees.ts";
import { recordChange } from "./record-change.ts";
import { startOfDayIn } from "./start-of-day.ts";

type CreateBlocker = z.output<typeof createBlockerSchema>;

/**
 * Logs a blocker. People named by e-mail who are in the team already are waited on like the others; the rest are
 * recorded as invitees (`invited`), for the caller to send their invitations once the blocker exists.
 */
/** Where a blocker was logged from (DESIGN.md §2's `source`): the web app unless said otherwise. */
export type BlockerOrigin = { source: "web" | "slack" | "api" | "tray" | "github"; externalRef?: string };

export async function createBlocker(deps: ChangeDependencies & { config: Pick<Config, "defaultPlan" | "stripe"> }, creator: Member, input: CreateBlocker, now: Date, origin: BlockerOrigin = { source: "web" }) {
  const emails = [...new Set(input.blockingEmails)];
  if (emails.includes(creator.email.toLowerCase())) throw fieldRefusal("blockingEmails", "You cannot wait on yourself");
  const byEmail = await sortByMembership(deps.db, creator.teamId, emails);
  const blocking = [...new Set([...input.blockingProfileIds, ...byEmail.memberIds])];
  const alsoWaiting = [...new Set(input.alsoBlockedProfileIds)].filter((id) => id !== creator.profileId);
  if (blocking.includes(creator.profileId)) throw fieldRefusal("blockingProfileIds", "You cannot wait on yourself");
  if (input.dueAt && new Date(input.dueAt) < now) throw fieldRefusal("dueAt", "The due date is in the past");
  const strangers = await outsiders(deps.db, creator.teamId, [...blocking, ...alsoWaiting]);
  if (strangers.length > 0) throw fieldRefusal(blocking.some((id) => strangers.includes(id)) ? "blockingProfileIds" : "alsoBlockedProfileIds", "Choose people from your team");

  const plan = await planOfTeam(deps, creator.teamId);
  return deps.events.changeData(deps.db, { teamIds: [creator.teamId] }, async (tx) => {
    if (plan === "free") {
      // One creation at a time per person, so two tabs cannot both slip under the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`create-blocker:${creator.profileId}`}))`);
      const [today] = await tx
        .select({ created: count() })
        .from(blockers)
        .where(and(eq(blockers.organizationId, creator.teamId), eq(blockers.createdBy, creator.profileId), gte(blockers.createdAt, startOfDayIn(creator.timezone, now))));
      if ((today?.created ?? 0) >= FREE_BLOCKERS_PER_DAY) {
        throw new Refusal(
          403,
          "plan_limit_reached",
          `The Free plan allows ${FREE_BLOCKERS_PER_DAY} new blockers per person per day. Upgrade to Plus for unlimited blockers, or add this one tomorrow.`,
          { upgradeUrl: paths.organizationBilling },
        );
      }
    }
    const [blocker] = await tx
      .insert(blockers)
      .values({
        organizationId: creator.teamId,
        title: input.title,
        description: input.description || null,
        linkUrl: input.linkUrl || null,
        priority: input.priority,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        createdBy: creator.profileId,
        createdAt: now,
        source: origin.source,
        externalRef: origin.externalRef ?? null,
      })
      .returning();
    if (!blocker) throw new Error("the blocker was not inserted");
    await tx.insert(blockedUsers).values([creator.profileId, ...alsoWaiting].map((profileId) => ({ blockerId: blocker.id, profileId })));
    if (blocking.length > 0) await tx.insert(blockingUsers).values(blocking.map((profileId) => ({ blockerId: blocker.id, profileId, waitingSince: now })));
    await addInvitees(tx, blocker.id, byEmail.outsiders, creator.profileId, now);
    await recordChange(tx, deps, {
      blockerId: blocker.id,
      actorId: creator.profileId,
      type: "created",
      ...(byEmail.outsiders.length > 0 ? { payload: { invited: byEmail.outsiders } } : {}),
      audience: [creator.profileId, ...alsoWaiting, ...blocking],
      notify: { type: "blocker_assigned", profileIds: blocking },
      at: now,
    });
    return { blocker, invited: byEmail.outsiders };
  });
}
