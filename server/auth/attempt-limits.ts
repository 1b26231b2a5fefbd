// Limits on what an attacker would repeat: guessing a password or a code, and making Holdup send e-mail. Each
// attempt is counted per e-mail address (an attacker spreads guesses over many clients) and per client (an attacker
// spreads them over many addresses), in the database so the limits hold across server instances.
// Limits live in common/auth-rules.ts; docs/decisions/019-limits-on-secrets-and-mail.md says why.
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { ATTEMPT_LIMITS, isEmail, type AuthAttemptKind } from "../../common/auth-rules.ts";
import type { Database } from "../db/client.ts";
import { authAttempts } from "../db/schema.ts";
import type { AppDependencies, Clock } from "../http/app-env.ts";
import { clientKey } from "../http/client-address.ts";
import type { SessionReader } from "./session-reader.ts";
import { DAY_MS } from "../../common/durations.ts";

/** What decides whether an answer leaves the attempt counted. */
type Outcome = "failed-check" | "sent";

export type AttemptRule = {
  kind: AuthAttemptKind;
  /**
   * failed-check: only a failed check counts (a wrong password, a wrong or spent code); a success forgives the
   * address's earlier failures of this kind. sent: every accepted request counts (an e-mail went out, or would
   * have, had the address an account: the answer is the same either way, so the count must be too).
   */
  counts: Outcome;
  /** Whose address the attempt counts against when a body names another one: the signed-in person's (their password, asked again). */
  about?: "signed-in";
};

export type AttemptLimitDependencies = {
  db: Database;
  clock: Clock;
  readSession: SessionReader;
  clientKeyOf: (c: Context) => string;
  /** The address of someone between their password and their second factor (no session yet), when there is one. */
  pendingSignInEmailOf?: (c: Context) => Promise<string | undefined>;
};

/** better-auth's codes for a secret that did not match, or no longer can. */
const FAILED_CHECK_CODES = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PASSWORD",
  "INVALID_OTP",
  "OTP_EXPIRED",
  "TOO_MANY_ATTEMPTS",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  // A Slack connect link that Holdup did not sign (server/features/slack/connect-link.ts).
  "slack_link_invalid",
  // An invitation's token that names no waiting invitation (server/features/invitations/join-routes.ts).
  "invitation_not_found",
]);

/** The fields of the JSON body (the only encoding /api accepts: server/http/same-origin.ts), or nothing. */
async function bodyFields(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return {};
  const parsed: unknown = await c.req.raw.clone().json().catch(() => undefined);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/**
 * The address an attempt is about: the body's `email` (or `newEmail`), else the signed-in person's (changing a
 * password), else that of the sign-in waiting for its second factor.
 */
async function emailOf(c: Context, { readSession, pendingSignInEmailOf }: Pick<AttemptLimitDependencies, "readSession" | "pendingSignInEmailOf">, about?: "signed-in"): Promise<string | undefined> {
  const fields = about === "signed-in" ? {} : await bodyFields(c);
  const email = fields.email ?? fields.newEmail;
  if (typeof email === "string") {
    const trimmed = email.trim().toLowerCase();
    // A malformed address is refused further on; counting it per client is enough.
    return isEmail(trimmed) ? trimmed : undefined;
  }
  const session = await readSession(c.req.header("cookie"), () => c.req.raw.headers);
  return session?.user.email.toLowerCase() ?? (await pendingSignInEmailOf?.(c))?.toLowerCase();
}

/**
 * The device grant's answers (RFC 8628's `error`) for a code that was wrong, spent or expired. Not among them: a
 * device asking again while its person has not approved yet (`authorization_pending`, `slow_down`), or told they
 * said no (`access_denied`).
 */
const FAILED_DEVICE_CODE_ERRORS = new Set(["invalid_grant", "invalid_request", "expired_token"]);

async function isFailedCheck(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  // GET links (e-mail confirmation, password reset) answer a bad token with a redirect that carries the error.
  if (response.status >= 300 && response.status < 400) return /[?&]error=/.test(response.headers.get("location") ?? "");
  if (response.status < 400 || response.status === 429) return false;
  const answer: unknown = await response.clone().json().catch(() => undefined);
  if (typeof answer !== "object" || answer === null) return false;
  const code = "code" in answer ? answer.code : undefined;
  const error = "error" in answer ? answer.error : undefined;
  return (typeof code === "string" && FAILED_CHECK_CODES.has(code)) || (typeof error === "string" && FAILED_DEVICE_CODE_ERRORS.has(error));
}

type Counted = { column: typeof authAttempts.email | typeof authAttempts.clientKey; key: string; limit: number };

/** Seconds until the attempts counted under this key fall back under the limit; 0 when they already are. */
async function secondsUntilAllowed(db: Database, kind: AuthAttemptKind, { column, key, limit }: Counted, now: Date, windowSeconds: number): Promise<number> {
  const inWindow = and(eq(authAttempts.kind, kind), eq(column, key), gt(authAttempts.at, new Date(now.getTime() - windowSeconds * 1000)));
  const [row] = await db.select({ attempts: count() }).from(authAttempts).where(inWindow);
  const attempts = row?.attempts ?? 0;
  if (attempts <= limit) return 0;
  // The limit lifts when enough attempts age out: at the (attempts - limit)-th oldest one.
  const [oldest] = await db.select({ at: authAttempts.at }).from(authAttempts).where(inWindow).orderBy(asc(authAttempts.at)).offset(attempts - limit - 1).limit(1);
  const liftsAt = (oldest?.at.getTime() ?? now.getTime()) + windowSeconds * 1000;
  return Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
}


export type Reservation = { allowed: true; keep: () => Promise<void>; takeBack: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt before it runs, so that parallel attempts cannot all slip under the limit: it is written
 * first, then the attempts in the window are counted with it; over the limit it is taken back and refused. The
 * caller then keeps it (it counts) or takes it back (it turned out not to: a success, a refusal for bad input).
 */
export async function reserveAttempt(db: Database, attempt: { kind: AuthAttemptKind; email: string | undefined; clientKey: string }, now: Date): Promise<Reservation> {
  const limits = ATTEMPT_LIMITS[attempt.kind];
  const [row] = await db.insert(authAttempts).values({ kind: attempt.kind, email: attempt.email ?? null, clientKey: attempt.clientKey, at: now }).returning({ id: authAttempts.id });
  const takeBack = async () => {
    await db.delete(authAttempts).where(eq(authAttempts.id, row?.id ?? ""));
  };
  const counted: Counted[] = [{ column: authAttempts.clientKey, key: attempt.clientKey, limit: limits.perClient }];
  if (attempt.email) counted.push({ column: authAttempts.email, key: attempt.email, limit: limits.perEmail });
  const waits = await Promise.all(counted.map((each) => secondsUntilAllowed(db, attempt.kind, each, now, limits.windowSeconds)));
  const wait = Math.max(...waits);
  if (wait > 0) {
    await takeBack();
    return { allowed: false, retryAfterSeconds: wait };
  }
  // Rows older than any window are worthless: trimmed as new ones are kept, instead of by a cleanup job.
  const keep = async () => {
    await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - DAY_MS)));
  };
  return { allowed: true, keep, takeBack };
}

/** The middleware form of reserveAttempt, for an endpoint whose answer says whether the attempt counts. */
export const limitAttempts = (deps: AttemptLimitDependencies, rule: AttemptRule) =>
  createMiddleware(async (c, next) => {
    const { db, clock } = deps;
    const email = await emailOf(c, deps, rule.about);
    const reservation = await reserveAttempt(db, { kind: rule.kind, email, clientKey: deps.clientKeyOf(c) }, clock.now());
    if (!reservation.allowed) {
      c.header("Retry-After", String(reservation.retryAfterSeconds));
      return c.json({ code: "too_many_requests", message: tooManyMessage(rule.kind, reservation.retryAfterSeconds), retryAfter: reservation.retryAfterSeconds }, 429);
    }

    await next();

    const succeeded = c.res.status >= 200 && c.res.status < 300;
    const counts = rule.counts === "sent" ? succeeded : await isFailedCheck(c.res);
    await (counts ? reservation.keep() : reservation.takeBack());
    if (rule.counts === "failed-check" && email && succeeded) {
      await db.delete(authAttempts).where(and(eq(authAttempts.kind, rule.kind), eq(authAttempts.email, email)));
    }
  });

export function tooManyMessage(kind: AuthAttemptKind, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  if (kind === "password") return `Too many failed sign-in attempts. ${when}`;
  if (kind === "code") return `Too many wrong codes or links. ${when}`;
  if (kind === "second-factor") return `Too many wrong authenticator or backup codes. ${when}`;
  if (kind === "avatar") return `Too many pictures uploaded. ${when}`;
  if (kind === "api-key") return `Too many requests with a wrong or revoked API key. ${when}`;
  if (kind === "device-code") return `Too many wrong or expired device codes. ${when}`;
  if (kind === "github-signature") return `Too many deliveries that were not signed with this connection's secret. ${when}`;
  return `Too many e-mails were sent to this address or from this device. ${when}`;
}

/**
 * Whose sign-in waits for its second factor: better-auth's "two_factor" cookie names a verification record (its
 * value before the signature) that holds the account's id. The signature is not checked here, only used to find the
 * address to count wrong codes against; better-auth checks it before accepting any code.
 */
function pendingSignInEmail({ auth, config }: Pick<AppDependencies, "auth" | "config">) {
  const cookieName = `${config.appUrl.startsWith("https:") ? "__Secure-" : ""}better-auth.two_factor`;
  return async (c: Context): Promise<string | undefined> => {
    const signed = getCookie(c, cookieName);
    const identifier = signed?.slice(0, signed.lastIndexOf("."));
    // better-auth's identifiers are "2fa-" and random letters: anything else names no record (and a NUL would be a 500).
    if (!identifier || !/^[A-Za-z0-9_-]{1,100}$/.test(identifier)) return undefined;
    const context = await auth.$context;
    const pending = await context.internalAdapter.findVerificationValue(identifier);
    const found = pending && (await context.internalAdapter.findUserById(pending.value));
    return found ? found.email : undefined;
  };
}

/** Every limit on attempts, as middleware for the routes that check a secret, send an e-mail or take an upload. */
export function attemptLimits(deps: AppDependencies) {
  const limits: AttemptLimitDependencies = {
    db: deps.db,
    clock: deps.clock,
    readSession: deps.readSession,
    clientKeyOf: (c: Context) => clientKey(deps.clientAddressOf(c), deps.secret),
    pendingSignInEmailOf: pendingSignInEmail(deps),
  };
  return {
    password: limitAttempts(limits, { kind: "password", counts: "failed-check" }),
    /** The signed-in person's password asked again (changing their e-mail, deleting their account). */
    ownPassword: limitAttempts(limits, { kind: "password", counts: "failed-check", about: "signed-in" }),
    code: limitAttempts(limits, { kind: "code", counts: "failed-check" }),
    email: limitAttempts(limits, { kind: "email", counts: "sent" }),
    secondFactor: limitAttempts(limits, { kind: "second-factor", counts: "failed-check" }),
    avatar: limitAttempts(limits, { kind: "avatar", counts: "sent" }),
    deviceCode: limitAttempts(limits, { kind: "device-code", counts: "failed-check" }),
  };
}
