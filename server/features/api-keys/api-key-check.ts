// Who a request to the public API (/api/v1, /api/mcp) is: the owner of the API key in its Authorization header, as
// a member of the key's team. Like the session check (decision 005), the verified key is kept in memory while
// nothing about its owner changed (decision 028's marks: revoking a key, leaving the team, deleting the account mark
// the person), so most requests ask the database nothing. Wrong keys count as failed attempts of the client.
// A signed-in tray or browser extension comes with its session's token instead (decision 042): its person, in the
// team the request names, with a read-and-write key's rights and the same limit.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, API_KEY_RATE_LIMIT, type ApiKeyScope } from "../../../common/api-keys.ts";
import { reserveAttempt, tooManyMessage } from "../../auth/attempt-limits.ts";
import type { Database } from "../../db/client.ts";
import { apikey } from "../../db/schema.ts";
import type { ApiKeyCaller, AppDependencies, AppEnv, Member } from "../../http/app-env.ts";
import { clientKey } from "../../http/client-address.ts";
import { requestHeader } from "../../http/request-header.ts";
import { setResponseHeaders } from "../../http/response-headers.ts";
import { chosenTeamOf } from "../../http/chosen-team.ts";
import { findKeptMember, findMember, noMembership } from "../../http/require-member.ts";
import { bearerToken } from "../../auth/device-session.ts";
import { createKeyRateLimit, type KeyAllowance } from "./key-rate-limit.ts";
import { scopeOf } from "./manage-api-keys.ts";

/** The key a request came with (set by requireApiKey). */
export type { ApiKeyCaller } from "../../http/app-env.ts";

/** A limit on requests per window, with the RateLimit-* headers' constant values worked out once. */
type RequestLimit = { max: number; windowMs: number; windowSeconds: number; limitHeader: string; policyHeader: string };
const requestLimit = (max: number, windowMs: number): RequestLimit => {
  const windowSeconds = Math.round(windowMs / 1000);
  return { max, windowMs, windowSeconds, limitHeader: String(max), policyHeader: `${max};w=${windowSeconds}` };
};
/** A device's limit: a key's default. */
const DEVICE_LIMIT = requestLimit(API_KEY_RATE_LIMIT.max, API_KEY_RATE_LIMIT.windowSeconds * 1000);

/** A key and its owner as a member of its team, with what every request of it carries worked out once. */
type Caller = { key: StoredKey; member: Member | undefined; apiKey: ApiKeyCaller; limit: RequestLimit };
type StoredKey = { id: string; scope: ApiKeyScope; userId: string } & { teamId: string; enabled: boolean; expiresAt: Date | null; rateLimitMax: number; rateLimitWindowMs: number; lastUsedAt: Date | null };

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);
/** How many keys' hashes are kept by the key as sent (the oldest found go first). */
const MAX_KNOWN_KEYS = 10_000;
const answerKeyOf = (hash: string) => `api-key:${hash}`;
/** Last use is written at most this often per key: enough for "last used 3 minutes ago", not a write per request. */
const LAST_USE_EVERY_MS = 60_000;

/** The stored form of a key: better-auth's (SHA-256, base64url without padding), by node:crypto, which is faster. */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("base64url");

function teamOfMetadata(metadata: string | null): string | undefined {
  try {
    const parsed: unknown = JSON.parse(metadata ?? "null");
    const teamId = typeof parsed === "object" && parsed !== null ? (parsed as { teamId?: unknown }).teamId : undefined;
    return typeof teamId === "string" ? teamId : undefined;
  } catch {
    return undefined;
  }
}

async function readKey(db: Database, hash: string): Promise<StoredKey | undefined> {
  const [row] = await db.select().from(apikey).where(eq(apikey.key, hash)).limit(1);
  const teamId = row ? teamOfMetadata(row.metadata) : undefined;
  if (!row || teamId === undefined) return undefined;
  return {
    id: row.id,
    userId: row.referenceId,
    teamId,
    scope: scopeOf(row.permissions),
    enabled: row.enabled !== false,
    expiresAt: row.expiresAt,
    rateLimitMax: row.rateLimitMax ?? API_KEY_RATE_LIMIT.max,
    rateLimitWindowMs: row.rateLimitTimeWindow ?? API_KEY_RATE_LIMIT.windowSeconds * 1000,
    lastUsedAt: row.lastRequest,
  };
}

const refuse = (c: Context, status: 401 | 403, code: string, message: string) => {
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="Holdup"');
  return c.json({ code, message }, status);
};

function rateLimitHeaders(c: Context, limit: RequestLimit, allowance: KeyAllowance) {
  setResponseHeaders(c, {
    "RateLimit-Limit": limit.limitHeader,
    "RateLimit-Remaining": String(allowance.remaining),
    "RateLimit-Reset": String(allowance.resetSeconds),
    "RateLimit-Policy": limit.policyHeader,
  });
}

type KeyCheckDependencies = Pick<AppDependencies, "db" | "answers" | "clock" | "clientAddressOf" | "secret" | "logger" | "readDeviceSession">;
const checks = new WeakMap<KeyCheckDependencies, ReturnType<typeof createKeyCheck>>();

/** The key check of an app: one per app, so a key's limit and its kept copy are the same for /api/v1 and /api/mcp. */
export function requireApiKey(deps: KeyCheckDependencies) {
  let check = checks.get(deps);
  if (!check) checks.set(deps, (check = createKeyCheck(deps)));
  return check;
}

function createKeyCheck(deps: KeyCheckDependencies) {
  const { db, answers, clock } = deps;
  const rateLimit = createKeyRateLimit();
  // Whose each key is, once seen: a kept key is read again when its owner is marked (a key's owner never changes).
  const owners = new Map<string, string>();
  const lastUseWritten = new Map<string, number>();
  // Each key found, as sent, with its hash and its kept answer's name: a key's SHA-256 is worked out when it is first
  // seen, not on every request (it was a quarter of the check's time). Keys live in this process's memory as the
  // session tokens the session check keeps do; a key that is not found is never added, so made-up keys cannot fill
  // it, and a kept answer still goes stale with its owner's marks (revocation, leaving the team).
  const knownKeys = new Map<string, { hash: string; answerKey: string }>();
  const remember = (token: string, hash: string) => {
    if (knownKeys.size >= MAX_KNOWN_KEYS) knownKeys.delete(knownKeys.keys().next().value as string);
    knownKeys.set(token, { hash, answerKey: answerKeyOf(hash) });
  };

  /** The key and its owner as a member of its team, read together and kept together (both change only with the owner). */
  async function readCaller(hash: string): Promise<Caller | undefined> {
    const key = await readKey(db, hash);
    if (!key) return undefined;
    const apiKey = { id: key.id, scope: key.scope, userId: key.userId };
    const member = await findMember(db, key.userId, key.teamId);
    return { key, member, apiKey, limit: requestLimit(key.rateLimitMax, key.rateLimitWindowMs) };
  }

  async function keptCaller(hash: string): Promise<Caller | undefined> {
    const owner = owners.get(hash);
    if (owner === undefined) {
      const found = await readCaller(hash);
      if (found) {
        if (owners.size > 50_000) owners.clear();
        owners.set(hash, found.key.userId);
      }
      return found;
    }
    return answers.read(answerKeyOf(hash), { userId: owner }, () => readCaller(hash), { keep: (found) => found?.member !== undefined, freshUntil: (found) => found?.key.expiresAt ?? null });
  }

  /** Whether the key's last use is due to be written (a write a minute per key at most). */
  function lastUseDue(key: StoredKey, now: Date) {
    const last = lastUseWritten.get(key.id) ?? key.lastUsedAt?.getTime() ?? 0;
    if (now.getTime() - last < LAST_USE_EVERY_MS && now.getTime() >= last) return false;
    lastUseWritten.set(key.id, now.getTime());
    return true;
  }

  /** A wrong key counts against the client; past the limit the answer is 429 rather than 401. */
  async function refuseWrongKey(c: Context, code: string, message: string) {
    const reservation = await reserveAttempt(db, { kind: "api-key", email: undefined, clientKey: clientKey(deps.clientAddressOf(c), deps.secret) }, clock.now());
    if (!reservation.allowed) {
      c.header("Retry-After", String(reservation.retryAfterSeconds));
      return c.json({ code: "too_many_requests", message: tooManyMessage("api-key", reservation.retryAfterSeconds), retryAfter: reservation.retryAfterSeconds }, 429);
    }
    await reservation.keep();
    return refuse(c, 401, code, message);
  }

  /** A refusal for this caller now, or undefined when the request may go on (the member and key are then on `c`). */
  function judge(c: Context, caller: Caller | undefined, now: Date): Response | Promise<Response> | undefined {
    const key = caller?.key;
    if (!caller || !key || !key.enabled) return refuseWrongKey(c, "api_key_invalid", "This API key is not valid: it was revoked, or never existed");
    if (key.expiresAt && key.expiresAt <= now) return refuseWrongKey(c, "api_key_expired", "This API key has expired: make a new one in Settings → Personal → API keys");
    // The owner left the key's team (their keys for it were deleted with the membership; a kept copy may not know yet).
    const member = caller.member;
    if (!member) return refuseWrongKey(c, "api_key_invalid", "This API key is not valid: its owner is no longer in its team");
    const refusal = overLimit(c, key.id, caller.limit, now, "This API key");
    if (refusal) return refusal;
    c.set("member", member);
    c.set("apiKey", caller.apiKey);
    return undefined;
  }

  /** Counts the request against its limit and says so in the headers; the 429 when it is over. */
  function overLimit(c: Context, id: string, limit: RequestLimit, now: Date, who: string): Response | undefined {
    const allowance = rateLimit.take(id, limit.max, limit.windowMs, now.getTime());
    rateLimitHeaders(c, limit, allowance);
    if (allowance.allowed) return undefined;
    setResponseHeaders(c, { "Retry-After": String(allowance.resetSeconds) });
    return c.json({ code: "rate_limited", message: `${who} made ${allowance.limit} requests in the last ${limit.windowSeconds} seconds, its limit. Try again in ${allowance.resetSeconds} seconds.`, retryAfter: allowance.resetSeconds }, 429);
  }

  /** A tray's or extension's session token: its person in the team the request names, as a read-and-write key. */
  async function deviceCaller(c: Context<AppEnv>, next: Next, token: string): Promise<Response | void> {
    const device = await deps.readDeviceSession(token);
    if (!device) return refuseWrongKey(c, "api_key_invalid", `This is not a Holdup API key (keys start with ${API_KEY_PREFIX}) nor a signed-in device's token: the device was signed out, or the key never existed`);
    const teamId = chosenTeamOf(c);
    const member = await findKeptMember(deps, device.user.id, teamId);
    if (!member) throw noMembership(teamId);
    const id = `session:${device.session.id}`;
    const refusal = overLimit(c, id, DEVICE_LIMIT, clock.now(), "This device");
    if (refusal) return refusal;
    c.set("member", member);
    c.set("apiKey", { id, scope: "write", userId: device.user.id, device: device.client });
    await next();
  }

  function proceed(c: Context<AppEnv>, next: Next, caller: Caller | undefined, now: Date): Promise<Response | void> {
    const refusal = judge(c, caller, now);
    if (refusal) return Promise.resolve(refusal);
    if (caller && lastUseDue(caller.key, now)) return db.update(apikey).set({ lastRequest: now }).where(eq(apikey.id, caller.key.id)).then(() => next());
    return next();
  }

  // Not an async function: a kept key goes on without a promise of its own. Once better-auth has started its
  // AsyncLocalStorage, every promise in the process runs an async hook, and the check's own promises cost more than
  // its work (docs/benchmarks.md, "The public API").
  return createMiddleware<AppEnv>((c, next) => {
    const header = requestHeader(c, "authorization");
    if (header === undefined) return Promise.resolve(refuse(c, 401, "api_key_missing", `Send your API key in the Authorization header: "Bearer ${API_KEY_PREFIX}…". Make one in Settings → Personal → API keys.`));
    const token = bearerToken(header);
    if (token === undefined) return refuseWrongKey(c, "api_key_invalid", `This is not a Holdup API key: keys start with ${API_KEY_PREFIX}`);
    if (!KEY_PATTERN.test(token)) return deviceCaller(c, next, token);
    const now = clock.now();
    const known = knownKeys.get(token);
    const kept = known && answers.peek<Caller>(known.answerKey);
    if (kept) return proceed(c, next, kept, now);
    const hash = known?.hash ?? hashApiKey(token);
    return keptCaller(hash).then((caller) => {
      if (caller) remember(token, hash);
      else knownKeys.delete(token);
      return proceed(c, next, caller, now);
    });
  });
}

/** Writes need a read-and-write key. */
export const requireWriteScope = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("apiKey").scope !== "write") return c.json({ code: "api_key_read_only", message: "This API key can only read: make a key with read and write access to change things" }, 403);
  await next();
});
