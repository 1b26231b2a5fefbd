import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { readCookieCache } from "./session-reader.ts";

let server: TestServer;
let cookieHeader: string;
let email: string;
const secret = () => server.config.authSecret ?? "";

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  const client = server.client();
  ({ email } = await signUp(client));
  cookieHeader = client.cookieHeader;
});
afterAll(() => server?.stop());

const replaceCookie = (header: string, name: string, change: (value: string) => string) =>
  header.replace(new RegExp(`(${name.replace(/\./g, "\\.")}=)([^;]+)`), (_match, prefix: string, value: string) => prefix + change(value));

describe("reading better-auth's cookie cache", () => {
  it("accepts the cookie better-auth issued at sign-up, without asking the database", () => {
    const session = readCookieCache(cookieHeader, secret(), "", Date.now());
    expect(session?.user.email).toBe(email);
    expect(session?.session.expiresAt).toBeInstanceOf(Date);
  });

  it("refuses a copy signed with another secret, a tampered one, or one bound to another session", () => {
    expect(readCookieCache(cookieHeader, "another-secret-of-at-least-32-characters", "", Date.now())).toBeNull();
    const tampered = replaceCookie(cookieHeader, "better-auth.session_data", (value) => {
      const payload = JSON.parse(Buffer.from(decodeURIComponent(value), "base64url").toString()) as { session: { user: { email: string } } };
      payload.session.user.email = "intruder@example.com";
      return encodeURIComponent(Buffer.from(JSON.stringify(payload)).toString("base64url"));
    });
    expect(readCookieCache(tampered, secret(), "", Date.now())).toBeNull();
    const otherToken = replaceCookie(cookieHeader, "better-auth.session_token", (value) => `someone-else${value.slice(value.indexOf("."))}`);
    expect(readCookieCache(otherToken, secret(), "", Date.now())).toBeNull();
  });

  it("refuses a copy older than the cache's minute, leaving the decision to the database", () => {
    expect(readCookieCache(cookieHeader, secret(), "", Date.now() + 61_000)).toBeNull();
  });

  it("falls back to the database when the copy is missing, so the session still works", async () => {
    const withoutCache = cookieHeader.replace(/better-auth\.session_data=[^;]+;?\s*/, "");
    expect(readCookieCache(withoutCache, secret(), "", Date.now())).toBeNull();
    const session = await server.deps.readSession(withoutCache, () => new Headers({ cookie: withoutCache }));
    expect(session?.user.email).toBe(email);
  });

  it("answers a cookie with a malformed escape with 401, not 500", async () => {
    const malformed = replaceCookie(cookieHeader, "better-auth.session_data", () => "%E0%A4%A");
    expect(readCookieCache(malformed, secret(), "", Date.now())).toBeNull();
    const forged = "better-auth.session_data=%E0%A4%A; better-auth.session_token=forged.%ZZ";
    const answer = await fetch(new URL("/api/counters", server.url), { headers: { cookie: forged } });
    expect(answer.status).toBe(401);
  });

  it("forgets a verified copy once it has expired, keeping only copies that can still be used", async () => {
    const copyOf = (header: string) => decodeURIComponent(/better-auth\.session_data=([^;]+)/.exec(header)?.[1] ?? "");
    const expiryOf = (header: string) => (JSON.parse(Buffer.from(copyOf(header), "base64url").toString()) as { expiresAt: number }).expiresAt;
    const later = server.client();
    const signedIn = await later.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD });
    expect(signedIn.status).toBe(200);
    const [first, second] = [cookieHeader, later.cookieHeader];
    expect(expiryOf(second)).toBeGreaterThan(expiryOf(first) + 1);
    const verifiedCopies: Parameters<typeof readCookieCache>[4] = new Map();
    expect(readCookieCache(first, secret(), "", expiryOf(first) - 1, verifiedCopies)).not.toBeNull();
    expect(readCookieCache(second, secret(), "", expiryOf(first) + 1, verifiedCopies)).not.toBeNull();
    expect([...verifiedCopies.keys()]).toEqual([copyOf(second)]);
  });
});
