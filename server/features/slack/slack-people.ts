// Who a Slack user is in Holdup. First the link kept from an earlier match; else their Slack e-mail address, asked of
// Slack (users.info), matched to a member of the workspace's team whose Holdup address is verified — so nobody
// becomes someone else by setting an address in Slack that they could not confirm in Holdup. The link is kept only
// while the person is a member: every answer is checked against the team's members now, so someone who left the
// team is nobody in its Slack at once.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member, profiles, slackPeople, user } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { asMember, memberColumns } from "../../http/require-member.ts";
import { slackClient } from "./slack-sdk.ts";
import type { SlackDeps, SlackWorkspace } from "./slack-workspaces.ts";
import { recordSlackFailure } from "./slack-workspaces.ts";



/** The members of `teamId` among these profiles, as members. */
async function membersAmong(db: Database, teamId: string, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ ...memberColumns, emailVerified: user.emailVerified })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.authId))
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, teamId)))
    .where(where);
  return rows;
}

/** Slack users already linked, who are members of the team now. */
async function linkedMembers(db: Database, teamId: string, slackUserIds: string[]) {
  if (slackUserIds.length === 0) return new Map<string, Member>();
  const rows = await db
    .select({ slackUserId: slackPeople.slackUserId, ...memberColumns })
    .from(slackPeople)
    .innerJoin(profiles, eq(profiles.id, slackPeople.profileId))
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, teamId)))
    .where(and(eq(slackPeople.teamId, teamId), inArray(slackPeople.slackUserId, slackUserIds)));
  return new Map(rows.map(({ slackUserId, ...row }) => [slackUserId, asMember(row)]));
}

export async function linkSlackPerson(db: Database, teamId: string, slackUserId: string, profileId: string, now: Date) {
  await db
    .insert(slackPeople)
    .values({ teamId, slackUserId, profileId, linkedAt: now })
    .onConflictDoUpdate({ target: [slackPeople.teamId, slackPeople.slackUserId], set: { profileId, linkedAt: now } });
}

/** The Slack user's e-mail address, as Slack has it (none for a bot, a deleted user, or when Slack refuses). */
async function slackEmailOf(deps: SlackDeps, workspace: SlackWorkspace, slackUserId: string, now: Date): Promise<string | undefined> {
  try {
    const answer = await slackClient(deps.slack, deps.logger, workspace.token).users.info({ user: slackUserId });
    const found = answer.user;
    if (!found || found.is_bot || found.deleted) return undefined;
    return found.profile?.email?.toLowerCase();
  } catch (error) {
    const code = (error as { data?: { error?: string } }).data?.error;
    if (code === "user_not_found") return undefined;
    await recordSlackFailure(deps.db, workspace.teamId, `users.info: ${code ?? String(error)}`, now);
    throw error;
  }
}

/**
 * The Holdup members these Slack users are, each found once: by their link, else by their e-mail address (and then
 * linked). A user who is nobody in the team is absent from the answer.
 */
export async function membersOfSlackUsers(deps: SlackDeps, workspace: SlackWorkspace, slackUserIds: string[], now: Date): Promise<Map<string, Member>> {
  const unique = [...new Set(slackUserIds)];
  const found = await linkedMembers(deps.db, workspace.teamId, unique);
  for (const slackUserId of unique.filter((id) => !found.has(id))) {
    const email = await slackEmailOf(deps, workspace, slackUserId, now);
    if (!email) continue;
    const [match] = await membersAmong(deps.db, workspace.teamId, eq(sql`lower(${profiles.email})`, email));
    if (!match?.emailVerified) continue;
    const { emailVerified: _verified, ...row } = match;
    await linkSlackPerson(deps.db, workspace.teamId, slackUserId, row.profileId, now);
    found.set(slackUserId, asMember(row));
  }
  return found;
}

export async function memberOfSlackUser(deps: SlackDeps, workspace: SlackWorkspace, slackUserId: string, now: Date): Promise<Member | undefined> {
  return (await membersOfSlackUsers(deps, workspace, [slackUserId], now)).get(slackUserId);
}

/** The Slack users of these members in the workspace (for DMs and mentions), as far as Holdup knows them. */
export async function slackUsersOf(db: Database, teamId: string, profileIds: string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: slackPeople.profileId, slackUserId: slackPeople.slackUserId })
    .from(slackPeople)
    .where(and(eq(slackPeople.teamId, teamId), inArray(slackPeople.profileId, profileIds)));
  return new Map(rows.map((row) => [row.profileId, row.slackUserId]));
}
