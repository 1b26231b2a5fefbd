// Reads the session of a request, fast. better-auth keeps a signed copy of the session in a cookie (its "cookie
// cache", compact strategy). better-auth's own reader (getCookieCache) verifies it with WebCrypto in about 0.2 ms;
// node:crypto's HMAC does it in about 0.01 ms, which is what lets the session check run at over half the speed of
// a bare endpoint (docs/decisions/005-session-check-fast-path.md). Anything unexpected in the cookie falls back to
// better-auth's getSession, which asks the database: the fast path can only say yes sooner, never wrongly.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "./auth.ts";
import type { EndedSessions } from "./ended-sessions.ts";

type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

type CompactCookieCache = {
  session: { session: Record<string, unknown> & { token: string; expiresAt: string }; user: Record<string, unknown>; version?: string };
  expiresAt: number;
  signature: string;
};

/** A cookie of a Cookie header, its %-escapes decoded; undefined when absent or malformed. */
export function cookieValue(cookieHeader: string, name: string): string | undefined {
  let start = 0;
  while (start < cookieHeader.length) {
    const found = cookieHeader.indexOf(`${name}=`, start);
    if (found === -1) return undefined;
    const atBoundary = found === 0 || cookieHeader[found - 1] === " " || cookieHeader[found - 1] === ";";
    if (atBoundary) {
      const end = cookieHeader.indexOf(";", found);
      const value = cookieHeader.slice(found + name.length + 1, end === -1 ? undefined : end).trim();
      if (!value.includes("%")) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined; // a malformed escape ("%E0%A4%A") was never written by better-auth: no cookie, not a 500
      }
    }
    start = found + name.length;
  }
  return undefined;
}

const withDates = <T extends Record<string, unknown>>(record: T, fields: string[]) => {
  const copy: Record<string, unknown> = { ...record };
  for (const field of fields) if (typeof copy[field] === "string") copy[field] = new Date(copy[field] as string);
  return copy;
};

/**
 * The Cookie header without the signed copy of the session when that copy is in doubt (its person had a session
 * end in the last minute or so): better-auth's own endpoints then ask the database too, so a revoked session cannot
 * use them either. The copy is only read, not verified: a forged one is refused by better-auth either way.
 */
export function withoutDoubtfulCopy(cookieHeader: string, secureCookies: boolean, endedSessions: EndedSessions): string {
  const name = `${secureCookies ? "__Secure-" : ""}better-auth.session_data`;
  const copy = cookieValue(cookieHeader, name);
  if (!copy) return cookieHeader;
  let userId: unknown;
  try {
    userId = (JSON.parse(Buffer.from(copy, "base64url").toString("utf8")) as Partial<CompactCookieCache>).session?.user?.id;
  } catch {
    return cookieHeader;
  }
  if (typeof userId !== "string" || !endedSessions.inDoubt(userId)) return cookieHeader;
  return cookieHeader
    .split(";")
    .filter((pair) => pair.trim().split("=")[0] !== name)
    .join(";");
}

type Verified = { session: AuthSession; token: string; validUntil: number };

const MAX_VERIFIED_COPIES = 10_000;

/**
 * The session from better-auth's signed cookie cache, when the cookie is present, authentic, current and bound
 * to the session token. `verifiedCopies` remembers copies already verified with this secret, by their exact
 * text: a busy client sends the same one for a minute, and a lookup is cheaper than an HMAC. A copy is forgotten
 * once it has expired, so the map holds about a minute's worth of copies (~1 KB each) rather than filling up to
 * MAX_VERIFIED_COPIES with dead ones (decision 021).
 */
export function readCookieCache(cookieHeader: string, secret: string, cookiePrefix: string, now: number, verifiedCopies = new Map<string, Verified>()): AuthSession | null {
  const cached = cookieValue(cookieHeader, `${cookiePrefix}better-auth.session_data`);
  const sessionToken = cookieValue(cookieHeader, `${cookiePrefix}better-auth.session_token`);
  if (!cached || !sessionToken) return null;
  let verified = verifiedCopies.get(cached);
  if (!verified) {
    const fresh = verify(cached, secret);
    if (!fresh || fresh.validUntil < now) return null;
    // In the order they were first seen, which is about the order they expire: the expired ones are at the front.
    for (const [text, copy] of verifiedCopies) {
      if (copy.validUntil >= now) break;
      verifiedCopies.delete(text);
    }
    if (verifiedCopies.size >= MAX_VERIFIED_COPIES) verifiedCopies.delete(verifiedCopies.keys().next().value ?? "");
    // Kept as a copy of its own: `cached` is a slice of the Cookie header, and V8 would keep the whole header (up to
    // 16 KB, whatever other cookies the browser sends) alive with it.
    verifiedCopies.set(Buffer.from(cached, "latin1").toString("latin1"), fresh);
    verified = fresh;
  }
  // The token cookie is "<token>.<signature>": the cached copy must belong to this very session.
  if (verified.validUntil < now || sessionToken.slice(0, sessionToken.lastIndexOf(".")) !== verified.token) return null;
  return verified.session;
}

function verify(cached: string, secret: string): Verified | null {
  let payload: CompactCookieCache;
  try {
    payload = JSON.parse(Buffer.from(cached, "base64url").toString("utf8")) as CompactCookieCache;
  } catch {
    return null;
  }
  if (typeof payload?.signature !== "string" || typeof payload.expiresAt !== "number" || !payload.session?.session || !payload.session.user) return null;
  const expected = createHmac("sha256", secret).update(JSON.stringify({ ...payload.session, expiresAt: payload.expiresAt })).digest("base64url");
  const given = Buffer.from(payload.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return null;
  const { session, user, version } = payload.session;
  if ((version ?? "1") !== "1") return null;
  return {
    // Frozen: the same objects serve every request carrying this cookie.
    session: Object.freeze({ session: Object.freeze(withDates(session, ["expiresAt", "createdAt", "updatedAt"])), user: Object.freeze(withDates(user, ["createdAt", "updatedAt"])) }) as AuthSession,
    token: session.token,
    validUntil: Math.min(payload.expiresAt, new Date(session.expiresAt).getTime()),
  };
}

/** Reads a request's session from its Cookie header; `headers` is asked for only when the database must decide. */
export type SessionReader = (cookieHeader: string | undefined, headers: () => Headers) => Promise<AuthSession | null>;

export type SessionReaderOptions = {
  auth: Auth;
  secret: string;
  secureCookies: boolean;
  now?: () => number;
  /** People whose signed copies are not trusted for now: one of their sessions just ended (ended-sessions.ts). */
  endedSessions?: EndedSessions;
  /** Told of every session read, to note when it was last used (touch-session.ts). */
  onRead?: (session: AuthSession) => void;
};

export function createSessionReader(options: SessionReaderOptions): SessionReader {
  const prefix = options.secureCookies ? "__Secure-" : "";
  const now = options.now ?? Date.now;
  const verifiedCopies = new Map<string, Verified>();
  return async (cookieHeader, headers) => {
    const cached = cookieHeader ? readCookieCache(cookieHeader, options.secret, prefix, now(), verifiedCopies) : null;
    const inDoubt = cached !== null && options.endedSessions?.inDoubt(String(cached.user.id)) === true;
    // better-auth's getSession would trust the same signed copy: the database is asked past it.
    const session = cached && !inDoubt ? cached : await options.auth.api.getSession({ headers: headers(), query: inDoubt ? { disableCookieCache: true } : undefined });
    if (session) options.onRead?.(session);
    return session;
  };
}
