// A person's API keys in a team (/settings/personal, "API keys"): made, listed and revoked through Holdup's routes;
// better-auth's apiKey plugin makes the secret and keeps only its hash. Its own /api/auth/api-key/* endpoints are
// closed (server/auth/auth.ts): they would let a key be made for any team, with any scope, and no limit on how many.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT, API_KEYS_PER_TEAM_MAX, type ApiKeyScope, type CreateApiKeyInput } from "../../../common/api-keys.ts";
import type { Database } from "../../db/client.ts";
import { apikey } from "../../db/schema.ts";
import type { AppDependencies, Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { Executor } from "../blockers/blocker-people.ts";
import { DAY_MS } from "../../../common/durations.ts";


/** What a key may do, as the plugin stores it (`permissions`): reads, or reads and writes. */
export const permissionsOf = (scope: ApiKeyScope) => ({ api: scope === "write" ? ["read", "write"] : ["read"] });
/** The scope a stored `permissions` value gives: write only when it says so, read otherwise. */
export function scopeOf(permissions: string | null): ApiKeyScope {
  try {
    const parsed: unknown = JSON.parse(permissions ?? "{}");
    const api = typeof parsed === "object" && parsed !== null ? (parsed as { api?: unknown }).api : undefined;
    return Array.isArray(api) && api.includes("write") ? "write" : "read";
  } catch {
    return "read";
  }
}

/** The key's team, kept in its metadata (JSON text): the condition that picks a team's keys. */
export const keyTeamIs = (teamId: string) => sql`(${apikey.metadata})::jsonb ->> 'teamId' = ${teamId}`;
const ownKeysInTeam = (member: Pick<Member, "teamId">, userId: string) => and(eq(apikey.referenceId, userId), keyTeamIs(member.teamId));

export type ApiKeySummary = { id: string; name: string; start: string; scope: ApiKeyScope; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null };

export async function listApiKeys(db: Database, member: Member, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({ id: apikey.id, name: apikey.name, start: apikey.start, permissions: apikey.permissions, createdAt: apikey.createdAt, expiresAt: apikey.expiresAt, lastUsedAt: apikey.lastRequest })
    .from(apikey)
    .where(ownKeysInTeam(member, userId))
    .orderBy(asc(apikey.createdAt));
  return rows.map(({ permissions, name, start, ...row }) => ({ ...row, name: name ?? "", start: start ?? API_KEY_PREFIX, scope: scopeOf(permissions) }));
}

/** Makes a key; its secret is in this answer and nowhere else, ever. */
export async function createApiKey(deps: Pick<AppDependencies, "db" | "auth">, member: Member, userId: string, input: CreateApiKeyInput, now: Date) {
  const [live] = await deps.db.select({ total: count() }).from(apikey).where(ownKeysInTeam(member, userId));
  if ((live?.total ?? 0) >= API_KEYS_PER_TEAM_MAX) throw new Refusal(409, "too_many_api_keys", `You have ${API_KEYS_PER_TEAM_MAX} keys in this team, the most one person can have: revoke one first`);
  const days = input.expiresInDays === "never" ? null : Number(input.expiresInDays);
  const scope = input.scope;
  const made = await deps.auth.api.createApiKey({
    body: {
      userId,
      name: input.name,
      prefix: API_KEY_PREFIX,
      permissions: permissionsOf(scope),
      metadata: { teamId: member.teamId },
      rateLimitEnabled: true,
      rateLimitMax: API_KEY_RATE_LIMIT.max,
      rateLimitTimeWindow: API_KEY_RATE_LIMIT.windowSeconds * 1000,
    },
  });
  // The plugin dates the key by the machine's clock; Holdup's clock decides when it expires (tests move it).
  const expiresAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
  await deps.db.update(apikey).set({ createdAt: now, updatedAt: now, expiresAt }).where(eq(apikey.id, made.id));
  return { id: made.id, name: input.name, start: made.start ?? API_KEY_PREFIX, scope, createdAt: now, expiresAt, lastUsedAt: null, key: made.key };
}

/** Revokes one of the person's keys in this team; the next request with it is refused, on every instance. */
export async function revokeApiKey(deps: Pick<AppDependencies, "db" | "events">, member: Member, userId: string, keyId: string) {
  const removed = await deps.events.changeData(deps.db, { userIds: [userId] }, (tx) => tx.delete(apikey).where(and(eq(apikey.id, keyId), ownKeysInTeam(member, userId))).returning({ id: apikey.id }));
  if (removed.length === 0) throw new Refusal(404, "api_key_not_found", "This API key does not exist");
}

/** Someone left a team (or was removed): their keys for it go with the membership. */
export async function revokeTeamKeys(executor: Executor, ended: { userId: string; teamId: string }) {
  await executor.delete(apikey).where(and(eq(apikey.referenceId, ended.userId), keyTeamIs(ended.teamId)));
}
