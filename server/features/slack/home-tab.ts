// The app's Home tab in Slack: the person's two columns with their ages and buttons, published when they open it
// (app_home_opened) and republished whenever a blocker of theirs changes, for those who have opened it once.
import type { HomeView } from "@slack/web-api";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { blockedUsers, blockers, blockingUsers, slackPeople } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import { loadDashboard } from "../blockers/list-dashboard.ts";
import { homeView } from "./slack-messages.ts";
import { membersOfSlackUsers } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import { recordSlackFailure, workspaceOfTeam, type SlackDeps, type SlackWorkspace } from "./slack-workspaces.ts";

type HomeDeps = SlackDeps & { answers: AnswerCache };

export async function publishHome(deps: HomeDeps, workspace: SlackWorkspace, slackUserId: string, member: Member, now: Date) {
  const dashboard = (await loadDashboard(deps, member, now)).value;
  // Holdup's blocks are built as plain objects (slack-messages.ts); Slack's own typing of a view's blocks is narrower.
  await slackClient(deps.slack, deps.logger, workspace.token).views.publish({ user_id: slackUserId, view: homeView(deps.appUrl, dashboard, now) as unknown as HomeView });
}

/** Someone opened the Home tab: it shows their columns now, and is kept up to date from then on. */
export async function homeOpened(deps: HomeDeps, workspace: SlackWorkspace, slackUserId: string, now: Date) {
  const member = (await membersOfSlackUsers(deps, workspace, [slackUserId], now)).get(slackUserId);
  if (!member) return;
  await deps.db
    .update(slackPeople)
    .set({ homeOpenedAt: now })
    .where(and(eq(slackPeople.teamId, workspace.teamId), eq(slackPeople.slackUserId, slackUserId)));
  await publishHome(deps, workspace, slackUserId, member, now);
}

/** After these blockers changed: the Home tab of everyone on them who has opened theirs. */
export async function republishHomes(deps: HomeDeps, blockerIds: string[], now: Date) {
  if (blockerIds.length === 0) return;
  const [waiting, blocking] = await Promise.all([
    deps.db.select({ profileId: blockedUsers.profileId, teamId: blockers.organizationId }).from(blockedUsers).innerJoin(blockers, eq(blockers.id, blockedUsers.blockerId)).where(inArray(blockedUsers.blockerId, blockerIds)),
    deps.db.select({ profileId: blockingUsers.profileId, teamId: blockers.organizationId }).from(blockingUsers).innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId)).where(inArray(blockingUsers.blockerId, blockerIds)),
  ]);
  const involved = [...waiting, ...blocking];
  if (involved.length === 0) return;
  const homes = await deps.db
    .select({ teamId: slackPeople.teamId, slackUserId: slackPeople.slackUserId, profileId: slackPeople.profileId })
    .from(slackPeople)
    .where(and(inArray(slackPeople.profileId, [...new Set(involved.map((row) => row.profileId))]), isNotNull(slackPeople.homeOpenedAt)));
  for (const home of homes.filter((candidate) => involved.some((row) => row.profileId === candidate.profileId && row.teamId === candidate.teamId))) {
    const workspace = await workspaceOfTeam(deps, home.teamId);
    const member = workspace ? (await membersOfSlackUsers(deps, workspace, [home.slackUserId], now)).get(home.slackUserId) : undefined;
    if (!workspace || !member) continue;
    await publishHome(deps, workspace, home.slackUserId, member, now).catch((error: unknown) => recordSlackFailure(deps.db, home.teamId, `views.publish: ${(error as { data?: { error?: string } }).data?.error ?? String(error)}`, now));
  }
}
