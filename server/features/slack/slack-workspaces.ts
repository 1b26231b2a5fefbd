// A team's Slack workspace: connected by an owner or admin ("Add to Slack"), read when Slack posts something (which
// team is it about?) and when Holdup posts to Slack (with which token?), disconnected by an admin, by Slack when the
// app is uninstalled or its tokens revoked. One workspace per team, and one team per workspace.
import type { Installation } from "@slack/oauth";
import { and, eq, isNotNull } from "drizzle-orm";
import type { SlackConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { profiles, slackWorkspaces } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { Logger } from "../../logger.ts";
import type { Installer } from "./slack-installer.ts";
import { slackClient } from "./slack-sdk.ts";
import type { TokenSeal } from "./token-seal.ts";

export type SlackDeps = { db: Database; slack: SlackConfig; seal: TokenSeal; logger: Logger; appUrl: string };

export type SlackWorkspace = { teamId: string; slackTeamId: string; name: string; botUserId: string; token: string };

const workspaceColumns = { teamId: slackWorkspaces.teamId, slackTeamId: slackWorkspaces.slackTeamId, name: slackWorkspaces.name, botUserId: slackWorkspaces.botUserId, sealedBotToken: slackWorkspaces.sealedBotToken };

async function workspaceWhere(deps: Pick<SlackDeps, "db" | "seal">, where: ReturnType<typeof eq>): Promise<SlackWorkspace | undefined> {
  const [row] = await deps.db.select(workspaceColumns).from(slackWorkspaces).where(where);
  if (!row) return undefined;
  const { sealedBotToken, ...workspace } = row;
  return { ...workspace, token: deps.seal.open(sealedBotToken) };
}

export const workspaceOfTeam = (deps: Pick<SlackDeps, "db" | "seal">, teamId: string) => workspaceWhere(deps, eq(slackWorkspaces.teamId, teamId));
export const workspaceOfSlackTeam = (deps: Pick<SlackDeps, "db" | "seal">, slackTeamId: string) => workspaceWhere(deps, eq(slackWorkspaces.slackTeamId, slackTeamId));

export const alreadyConnectedElsewhere = () => new Refusal(409, "slack_workspace_taken", "This Slack workspace is connected to another Holdup team. Disconnect it there first.");

/** Keeps the installation Slack granted, for the team and admin named in the OAuth state; a reconnection replaces the old one. */
export async function saveInstallation(deps: SlackDeps, installer: Installer, installation: Installation<"v1" | "v2", boolean>, now: Date) {
  const token = installation.bot?.token;
  const slackTeamId = installation.team?.id;
  if (!token || !slackTeamId || !installation.bot?.userId) throw new Refusal(400, "slack_install_incomplete", "Slack did not grant Holdup a bot in this workspace. Try again, and allow every permission asked for.");
  const [taken] = await deps.db.select({ teamId: slackWorkspaces.teamId }).from(slackWorkspaces).where(eq(slackWorkspaces.slackTeamId, slackTeamId));
  if (taken && taken.teamId !== installer.teamId) throw alreadyConnectedElsewhere();
  // The name and icon shown on the integrations page; the name from the grant when team.info is not answered.
  const info = await slackClient(deps.slack, deps.logger, token)
    .team.info()
    .catch(() => undefined);
  const icon = info?.team?.icon as Record<string, string> | undefined;
  // Kept only from Slack's image host over https (or the stand-in's, beside SLACK_API_URL): the server fetches it later.
  const iconUrl = [icon?.image_132, icon?.image_68].find((url) => url !== undefined && URL.canParse(url) && (new URL(url).protocol === "https:" || new URL(url).origin === new URL(deps.slack.apiUrl).origin)) ?? null;
  const values = {
    slackTeamId,
    name: info?.team?.name ?? installation.team?.name ?? "Slack",
    iconUrl,
    botUserId: installation.bot.userId,
    sealedBotToken: deps.seal.seal(token),
    installedBy: installer.profileId,
    installedAt: now,
    lastError: null,
    lastErrorAt: null,
  };
  await deps.db
    .insert(slackWorkspaces)
    .values({ teamId: installer.teamId, ...values })
    .onConflictDoUpdate({ target: slackWorkspaces.teamId, set: values });
}

/** What the integrations page shows of the team's Slack: whether this Holdup can connect one, and the one connected. */
export async function slackSummary(deps: { db: Database; slack: SlackConfig | undefined }, viewer: Member) {
  const [row] = await deps.db
    .select({ name: slackWorkspaces.name, iconUrl: slackWorkspaces.iconUrl, installedAt: slackWorkspaces.installedAt, installedBy: profiles.fullName, lastError: slackWorkspaces.lastError, lastErrorAt: slackWorkspaces.lastErrorAt })
    .from(slackWorkspaces)
    .leftJoin(profiles, eq(profiles.id, slackWorkspaces.installedBy))
    .where(eq(slackWorkspaces.teamId, viewer.teamId));
  return {
    available: deps.slack !== undefined,
    canManage: viewer.isAdmin,
    workspace: row
      ? { name: row.name, iconUrl: row.iconUrl ? `/api/slack/icon?${new URLSearchParams({ v: String(row.installedAt.getTime()) }).toString()}` : null, connectedAt: row.installedAt.toISOString(), connectedBy: row.installedBy, failure: row.lastError ? { error: row.lastError, at: row.lastErrorAt?.toISOString() ?? null } : null }
      : null,
  };
}

export const onlyAdminsManageSlack = () => new Refusal(403, "not_allowed", "Only the team's owners and admins connect or disconnect Slack");

/** An admin disconnects: Slack is asked to revoke the token (a token it no longer knows is gone anyway), then it is forgotten. */
export async function disconnectSlack(deps: SlackDeps, viewer: Member) {
  if (!viewer.isAdmin) throw onlyAdminsManageSlack();
  const workspace = await workspaceOfTeam(deps, viewer.teamId);
  if (!workspace) throw new Refusal(404, "slack_not_connected", "Slack is not connected to this team");
  await slackClient(deps.slack, deps.logger, workspace.token)
    .auth.revoke()
    .catch((error: unknown) => deps.logger.warn("Slack did not revoke the token of a disconnected workspace", error));
  await deps.db.delete(slackWorkspaces).where(eq(slackWorkspaces.teamId, viewer.teamId));
  return { disconnected: true };
}

/** Slack says the app is gone from a workspace (app_uninstalled, tokens_revoked): the team is disconnected. */
export async function forgetSlackWorkspace(db: Database, slackTeamId: string) {
  await db.delete(slackWorkspaces).where(eq(slackWorkspaces.slackTeamId, slackTeamId));
}

/** A Web API call refused or failed: shown on the integrations page until one succeeds. */
export async function recordSlackFailure(db: Database, teamId: string, error: string, now: Date) {
  await db.update(slackWorkspaces).set({ lastError: error.slice(0, 300), lastErrorAt: now }).where(eq(slackWorkspaces.teamId, teamId));
}

export async function clearSlackFailure(db: Database, teamId: string) {
  await db
    .update(slackWorkspaces)
    .set({ lastError: null, lastErrorAt: null })
    .where(and(eq(slackWorkspaces.teamId, teamId), isNotNull(slackWorkspaces.lastError)));
}

const ICON_MAX_BYTES = 512 * 1024;

/**
 * The workspace's icon, fetched from Slack by the server and passed on: the web app's pages load images from their
 * own origin only (the Content-Security-Policy), and a member's browser never calls Slack's image host. Only the
 * URL Slack gave for this workspace is fetched, never one a request names.
 */
export async function workspaceIcon(db: Database, viewer: Member): Promise<{ body: ArrayBuffer; type: string } | undefined> {
  const [row] = await db.select({ iconUrl: slackWorkspaces.iconUrl }).from(slackWorkspaces).where(eq(slackWorkspaces.teamId, viewer.teamId));
  if (!row?.iconUrl) return undefined;
  const answer = await fetch(row.iconUrl, { signal: AbortSignal.timeout(5_000), redirect: "follow" }).catch(() => undefined);
  const type = answer?.headers.get("content-type") ?? "";
  if (!answer?.ok || !/^image\/(png|jpeg|gif|webp)$/.test(type) || Number(answer.headers.get("content-length") ?? 0) > ICON_MAX_BYTES) return undefined;
  const body = await answer.arrayBuffer();
  return body.byteLength > ICON_MAX_BYTES ? undefined : { body, type };
}
