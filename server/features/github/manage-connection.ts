// A team's GitHub connection as the integrations page shows and changes it: connected or not, its webhook address and
// (when it is made or rotated, once) its secret, the repository set with each one's last delivery and health, the last
// `/holdup` comment that logged nothing. Owners and admins connect, disconnect and rotate the secret; every member sees
// the repositories and their health, never the address.
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { FREE_INTEGRATIONS } from "../../../common/plans.ts";
import { githubWebhookPath, type GithubRepositoryHealth } from "../../../common/github.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { githubConnections, githubRepositories, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { integrationsConnected, requireRoomForIntegration } from "../billing/integration-limit.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";
import { createTokenSeal, type TokenSeal } from "../slack/token-seal.ts";

export type ManageDeps = { db: Database; config: Pick<Config, "appUrl" | "defaultPlan" | "stripe">; secret: string };
type Connection = typeof githubConnections.$inferSelect;

/** The seal of webhook secrets: Slack's, under a key of its own. */
export const githubSecretSeal = (authSecret: string): TokenSeal => createTokenSeal(authSecret, "github webhook secret");
/** 32 random bytes: GitHub takes any text, and signs each delivery's body with it (HMAC-SHA256). */
const newSecret = () => randomBytes(32).toString("base64url");

export const onlyAdminsManageGithub = () => new Refusal(403, "not_allowed", "Only the team's owners and admins manage the GitHub connection");
export const githubNotConnected = () => new Refusal(404, "github_not_connected", "This team is not connected to GitHub");

function requireAdmin(viewer: Member) {
  if (!viewer.isAdmin) throw onlyAdminsManageGithub();
}

const webhookUrlOf = (appUrl: string, connection: Pick<Connection, "id">) => `${appUrl}${githubWebhookPath(connection.id)}`;

/** A repository's health: its last delivery was verified, or one naming it since came with a bad signature. */
const healthOf = (repository: typeof githubRepositories.$inferSelect): GithubRepositoryHealth => (repository.lastBadSignatureAt && repository.lastBadSignatureAt > repository.lastDeliveryAt ? "bad_signature" : "ok");

async function connectionView(deps: Pick<ManageDeps, "db" | "config">, connection: Connection, viewer: Member) {
  const [repositories, [connectedBy]] = await Promise.all([
    deps.db.select().from(githubRepositories).where(eq(githubRepositories.connectionId, connection.id)).orderBy(asc(githubRepositories.key)),
    connection.connectedBy ? deps.db.select({ fullName: profiles.fullName, email: profiles.email }).from(profiles).where(eq(profiles.id, connection.connectedBy)) : [],
  ]);
  return {
    id: connection.id,
    /** Where GitHub posts: for owners and admins, who paste it into GitHub. */
    webhookUrl: viewer.isAdmin ? webhookUrlOf(deps.config.appUrl, connection) : null,
    connectedBy: connectedBy ? connectedBy.fullName?.trim() || connectedBy.email : null,
    connectedAt: connection.connectedAt.toISOString(),
    secretRotatedAt: connection.secretRotatedAt?.toISOString() ?? null,
    lastDeliveryAt: connection.lastDeliveryAt?.toISOString() ?? null,
    lastBadSignatureAt: connection.lastBadSignatureAt?.toISOString() ?? null,
    lastSkipped: connection.lastSkippedAt && connection.lastSkippedReason ? { at: connection.lastSkippedAt.toISOString(), reason: connection.lastSkippedReason } : null,
    repositories: repositories.map((repository) => ({
      fullName: repository.fullName,
      lastDeliveryAt: repository.lastDeliveryAt.toISOString(),
      lastEvent: repository.lastEvent,
      health: healthOf(repository),
      lastBadSignatureAt: repository.lastBadSignatureAt?.toISOString() ?? null,
    })),
  };
}

async function teamConnection(db: Pick<Database, "select">, teamId: string) {
  const [connection] = await db.select().from(githubConnections).where(eq(githubConnections.teamId, teamId));
  return connection;
}

/** Whether an owner or admin may connect now: the Free plan's two integrations may be taken. */
async function roomFor(deps: Pick<ManageDeps, "db" | "config">, viewer: Member): Promise<"available" | "plan_limit" | "not_allowed"> {
  if (!viewer.isAdmin) return "not_allowed";
  if ((await planOfTeam(deps, viewer.teamId)) === "free" && (await integrationsConnected(deps.db, viewer.teamId)) >= FREE_INTEGRATIONS) return "plan_limit";
  return "available";
}

export async function githubSummary(deps: Pick<ManageDeps, "db" | "config">, viewer: Member) {
  const connection = await teamConnection(deps.db, viewer.teamId);
  return {
    canManage: viewer.isAdmin,
    room: connection ? ("connected" as const) : await roomFor(deps, viewer),
    connection: connection ? await connectionView(deps, connection, viewer) : null,
  };
}

export async function connectGithub(deps: ManageDeps, viewer: Member, now: Date) {
  requireAdmin(viewer);
  if (await teamConnection(deps.db, viewer.teamId)) throw new Refusal(409, "github_already_connected", "This team is already connected to GitHub: rotate its secret, or disconnect it first");
  await requireRoomForIntegration(deps, viewer.teamId);
  const secret = newSecret();
  const [connection] = await deps.db
    .insert(githubConnections)
    .values({ teamId: viewer.teamId, sealedSecret: githubSecretSeal(deps.secret).seal(secret), connectedBy: viewer.profileId, connectedAt: now })
    .onConflictDoNothing({ target: githubConnections.teamId })
    .returning();
  // Connected by someone else meanwhile: theirs stands.
  if (!connection) throw new Refusal(409, "github_already_connected", "This team was just connected to GitHub by someone else: reload the page");
  return { connection: await connectionView(deps, connection, viewer), secret };
}

export async function disconnectGithub(deps: Pick<ManageDeps, "db">, viewer: Member) {
  requireAdmin(viewer);
  const deleted = await deps.db.delete(githubConnections).where(eq(githubConnections.teamId, viewer.teamId)).returning({ id: githubConnections.id });
  if (deleted.length === 0) throw githubNotConnected();
  return { disconnected: true as const };
}

/** A new secret, in force at once: deliveries GitHub signs with the old one are refused until it is pasted there. */
export async function rotateGithubSecret(deps: ManageDeps, viewer: Member, now: Date) {
  requireAdmin(viewer);
  const connection = await teamConnection(deps.db, viewer.teamId);
  if (!connection) throw githubNotConnected();
  const secret = newSecret();
  const [changed] = await deps.db
    .update(githubConnections)
    .set({ sealedSecret: githubSecretSeal(deps.secret).seal(secret), secretRotatedAt: now })
    .where(sql`${githubConnections.id} = ${connection.id} and ${githubConnections.sealedSecret} = ${connection.sealedSecret}`)
    .returning();
  if (!changed) throw new Refusal(409, "secret_changed", "The secret was just rotated by someone else: reload the page");
  return { connection: await connectionView(deps, changed, viewer), secret };
}
