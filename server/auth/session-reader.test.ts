import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../test/factories.ts";
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
});
