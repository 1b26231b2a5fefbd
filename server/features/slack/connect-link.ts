// "Connect your Holdup account": for a Slack user Holdup cannot match by e-mail (another address in Slack, say), a
// link that ties them to the Holdup account that opens it, once signed in. The link is signed with Holdup's secret,
// names the workspace's team and the Slack user, expires after an hour, and is used once: a Slack user already
// linked cannot be taken over by a second use of it.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paths } from "../../../common/paths.ts";
import type { Database } from "../../db/client.ts";
import { slackPeople, slackWorkspaces } from "../../db/schema.ts";
import { findMember } from "../../http/require-member.ts";
import { Refusal } from "../../http/refusal.ts";
import { ephemeral, slackLink, type SlackReply } from "./slack-messages.ts";
import { linkSlackPerson } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import { workspaceOfTeam, type SlackDeps, type SlackWorkspace } from "./slack-workspaces.ts";

const LIFETIME_MS = 60 * 60_000;
const claimSchema = z.object({ teamId: z.string().min(1).max(100), slackUserId: z.string().min(1).max(64), expiresAt: z.number() });

const signer = (secret: string) => {
  const key = createHmac("sha256", secret).update("slack connect link").digest();
  return (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
};

export function connectToken(secret: string, teamId: string, slackUserId: string, now: Date) {
  const payload = Buffer.from(JSON.stringify({ teamId, slackUserId, expiresAt: now.getTime() + LIFETIME_MS })).toString("base64url");
  return `${payload}.${signer(secret)(payload)}`;
}

const invalidLink = () => new Refusal(400, "slack_link_invalid", "This link is not valid. Ask Holdup for a new one in Slack with /holdup.");

function readConnectToken(secret: string, token: string, now: Date) {
  const [payload = "", signature = ""] = token.split(".");
  const expected = Buffer.from(signer(secret)(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
  let claim: z.infer<typeof claimSchema>;
  try {
    claim = claimSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw invalidLink();
  }
  if (now.getTime() > claim.expiresAt) throw new Refusal(400, "slack_link_expired", "This link has expired. Ask Holdup for a new one in Slack with /holdup.");
  return claim;
}

export const FORMER_MEMBER_MESSAGE = "You are no longer a member of the Holdup team this Slack workspace is connected to, so Holdup does nothing for you here.";

/**
 * What a Slack user who is nobody in the team is told: someone linked before (they left the team, or were removed)
 * that they are no longer in it; anyone else, how to connect their account.
 */
export async function unknownPersonReply(deps: { db: Database; config: { appUrl: string }; secret: string }, workspace: SlackWorkspace, slackUserId: string, now: Date): Promise<SlackReply> {
  const [linked] = await deps.db
    .select({ profileId: slackPeople.profileId })
    .from(slackPeople)
    .where(and(eq(slackPeople.teamId, workspace.teamId), eq(slackPeople.slackUserId, slackUserId)));
  return linked ? ephemeral(FORMER_MEMBER_MESSAGE) : connectAccountReply(deps, workspace, slackUserId, now);
}

function connectAccountReply(deps: { config: { appUrl: string }; secret: string }, workspace: SlackWorkspace, slackUserId: string, now: Date): SlackReply {
  const url = `${deps.config.appUrl}${paths.slackConnect}?${new URLSearchParams({ token: connectToken(deps.secret, workspace.teamId, slackUserId, now) }).toString()}`;
  return ephemeral(
    `Holdup does not know you yet: your Slack e-mail address is not one of a member of the Holdup team of this workspace. ${slackLink(url, "Connect your Holdup account")} (the link works once, for an hour), then try again.`,
  );
}

/** The link's claim, checked against the signed-in person: a member of its team, and the Slack user not someone else's. */
async function checkClaim(deps: { db: Database; secret: string }, authId: string, token: string, now: Date) {
  const claim = readConnectToken(deps.secret, token, now);
  const viewer = await findMember(deps.db, authId, claim.teamId);
  if (!viewer) throw new Refusal(403, "not_a_member", "You are not a member of the Holdup team this Slack workspace is connected to. Sign in with the account you use in that team.");
  const [workspace] = await deps.db.select({ name: slackWorkspaces.name }).from(slackWorkspaces).where(eq(slackWorkspaces.teamId, claim.teamId));
  if (!workspace) throw new Refusal(404, "slack_not_connected", "Slack is no longer connected to this team");
  const [linked] = await deps.db
    .select({ profileId: slackPeople.profileId })
    .from(slackPeople)
    .where(and(eq(slackPeople.teamId, claim.teamId), eq(slackPeople.slackUserId, claim.slackUserId)));
  if (linked && linked.profileId !== viewer.profileId) throw new Refusal(409, "slack_link_used", "This link has been used already.");
  return { claim, viewer, workspace, alreadyLinked: linked !== undefined };
}

/**
 * What the page of the link shows before anything is linked: which Slack user, in which workspace, would act as
 * the signed-in person. Someone sent another's link (to act as them in Slack) sees a Slack name that is not theirs.
 */
export async function previewConnectLink(deps: SlackDeps & { secret: string }, authId: string, token: string, now: Date) {
  const { claim, viewer, workspace, alreadyLinked } = await checkClaim(deps, authId, token, now);
  const slackWorkspace = await workspaceOfTeam(deps, claim.teamId);
  const slackUser = slackWorkspace
    ? await slackClient(deps.slack, deps.logger, slackWorkspace.token)
        .users.info({ user: claim.slackUserId })
        .then((answer) => answer.user)
        .catch(() => undefined)
    : undefined;
  return {
    workspace: workspace.name,
    slackUser: { id: claim.slackUserId, name: slackUser?.profile?.display_name || slackUser?.name || null, realName: slackUser?.real_name ?? slackUser?.profile?.real_name ?? null },
    holdupAccount: { fullName: viewer.fullName, email: viewer.email },
    alreadyLinked,
  };
}

/** The signed-in person confirms: the Slack user becomes them, in the team the link names. */
export async function useConnectLink(deps: { db: Database; secret: string }, authId: string, token: string, now: Date) {
  const { claim, viewer, workspace } = await checkClaim(deps, authId, token, now);
  await linkSlackPerson(deps.db, claim.teamId, claim.slackUserId, viewer.profileId, now);
  return { workspace: workspace.name };
}
