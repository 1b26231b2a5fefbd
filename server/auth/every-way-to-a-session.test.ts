// Every way to a session honours the second factor (issue #26). Someone who has a person's password and reads their
// mail, but not their phone, walks every endpoint better-auth answers over HTTP — read from better-auth's own endpoint
// list (the fuzz suite's route table), so an endpoint a plugin adds later is walked too — filling each field it
// declares with what they have: the address, the password, and a fresh code or link of each kind their mail brings.
// No answer may set a session cookie or hand over a session token, and no session of the person's may be left.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { session, user } from "../db/schema.ts";
import { HOUR_MS } from "../../common/durations.ts";
import { SECOND_STEP_PAGE, SESSIONS_WITHOUT_SECOND_FACTOR } from "./account-security-rules.ts";
import type { RawResponse } from "../test/browser-like-client.ts";
import { STRONG_PASSWORD, testClock } from "../test/factories.ts";
import { routeTable } from "../test/fuzz/route-table.ts";
import { codeIn, linkIn } from "../test/mail-catcher.ts";
import { enrolledPerson, type Enrolled } from "../test/second-factor.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
});
afterAll(() => server?.stop());

/** What someone's mail brings: a code (and the kind better-auth's endpoints name it by) or a link's token. */
type Secret = { name: string; otp?: string; type?: string; token?: string };

/** The next e-mail to this address after `send` (requests are made one at a time, so it is the one `send` caused). */
async function nextMailTo(email: string, send: () => Promise<RawResponse>) {
  const before = server.mail.mails.length;
  const answer = await send();
  expect(answer.status, answer.text).toBe(200);
  return server.mail.waitFor(email, (mail) => server.mail.mails.indexOf(mail) >= before);
}

const CODE_KINDS = [
  { name: "a sign-in code", type: "sign-in" },
  { name: "a confirmation code", type: "email-verification" },
  { name: "a password reset code", type: "forget-password" },
] as const;

/**
 * Fresh codes of every kind the address is sent: each is asked for, and taken if it came. A confirmed address is
 * sent no confirmation code (the walk would use it if it were); every other kind must come. The server answers once
 * the mail server has taken the message, so it is in the mailbox by the time the answer is.
 */
async function freshCodes(email: string, confirmed: boolean): Promise<Secret[]> {
  const codes: Secret[] = [];
  for (const { name, type } of CODE_KINDS) {
    const before = server.mail.mails.length;
    const asked = await server.client().post("/api/auth/email-otp/send-verification-otp", { email, type });
    expect(asked.status, asked.text).toBe(200);
    const mail = server.mail.mails.slice(before).find((arrived) => arrived.to === email.toLowerCase());
    const expected = !(confirmed && type === "email-verification");
    expect(mail !== undefined || !expected, `${name} for ${email}`).toBe(true);
    if (mail) codes.push({ name, type, otp: codeIn(mail) });
  }
  return codes;
}

/** Fresh links: a password reset's, and (for an address not yet confirmed) a confirmation's. */
async function freshLinks(email: string, confirmed: boolean): Promise<Secret[]> {
  const reset = linkIn(await nextMailTo(email, () => server.client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })));
  const links: Secret[] = [{ name: "a password reset link", token: /reset-password\/([^/?#\s]+)/.exec(reset)?.[1] ?? "" }];
  if (!confirmed) {
    const confirmation = linkIn(await nextMailTo(email, () => server.client().post("/api/auth/send-verification-email", { email, callbackURL: "/auth/callback" })));
    links.push({ name: "a confirmation link", token: new URL(confirmation).searchParams.get("token") ?? "" });
  }
  return links;
}

/** A value for each field an endpoint declares, from what the person's mail and password give. */
function valueFor(field: string, email: string, secret: Secret | undefined): unknown {
  if (field === "email") return email;
  if (/password/i.test(field)) return STRONG_PASSWORD;
  if (field === "otp") return secret?.otp;
  if (field === "token") return secret?.token;
  if (field === "type") return secret?.type ?? "sign-in";
  if (/callbackURL|redirectTo/i.test(field)) return "/";
  if (field === "rememberMe") return true;
  return undefined;
}

function fieldsOf(names: string[], email: string, secret: Secret | undefined) {
  return Object.fromEntries(names.map((name) => [name, valueFor(name, email, secret)]).filter(([, value]) => value !== undefined));
}

/** Sessions an answer hands over: a session cookie set (not cleared), or a token or session in its JSON. */
function sessionsHandedOver(answer: RawResponse): string[] {
  const cookies = answer.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie) && !/max-age=0/i.test(cookie));
  const json = answer.json as Record<string, unknown> | undefined;
  const inBody = typeof json === "object" && json !== null && (typeof json.token === "string" || (typeof json.session === "object" && json.session !== null)) ? [answer.text.slice(0, 200)] : [];
  return [...cookies, ...inBody];
}

/** Every better-auth endpoint tried by whoever has the person's password and mail, once per secret its fields take. */
async function walkEveryEndpoint(person: Enrolled, confirmed: boolean) {
  const routes = routeTable(createApp(server.deps), server.deps.auth).filter((route) => route.owner === "better-auth");
  const answers = new Map<string, RawResponse>();
  const handedOver: string[] = [];
  for (const route of routes) {
    const fields = [...route.bodyFields, ...route.queryFields];
    // The limits on codes, passwords and e-mail count per hour: each endpoint is tried in an hour of its own.
    clock.advance(HOUR_MS + 60_000);
    await setConfirmed(person.email, confirmed);
    const secrets: (Secret | undefined)[] = [];
    if (fields.includes("otp")) secrets.push(...(await freshCodes(person.email, confirmed)));
    if (fields.includes("token") || route.path.includes(":token")) secrets.push(...(await freshLinks(person.email, confirmed)));
    if (secrets.length === 0) secrets.push(undefined);
    for (const secret of secrets) {
      await setConfirmed(person.email, confirmed);
      const path = route.path.replace(":token", secret?.token ?? "token").replace(/:[A-Za-z]+/g, "x");
      const query = new URLSearchParams(fieldsOf(route.method === "GET" ? fields : route.queryFields, person.email, secret) as Record<string, string>).toString();
      const body = route.method === "GET" ? undefined : fieldsOf(route.bodyFields, person.email, secret);
      const answer = await server.client().request(`${path}${query ? `?${query}` : ""}`, { method: route.method, json: body });
      const tried = `${route.method} ${route.path}${secret ? ` with ${secret.name}` : ""}`;
      answers.set(tried, answer);
      for (const given of sessionsHandedOver(answer)) handedOver.push(`${tried}: ${answer.status} ${given}`);
    }
  }
  return { routes, answers, handedOver };
}

async function setConfirmed(email: string, confirmed: boolean) {
  await server.deps.db.update(user).set({ emailVerified: confirmed }).where(eq(user.email, email));
}

async function sessionIdsOf(email: string) {
  const rows = await server.deps.db.select({ id: session.id }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, email));
  return new Set(rows.map((row) => row.id));
}

const twoFactorRedirect = (answer: RawResponse | undefined) => (answer?.json as { twoFactorRedirect?: boolean } | undefined)?.twoFactorRedirect;

describe("every way to a session, for an account with a second factor", () => {
  it("the second step's own endpoints are the only ones that open a session without asking for it (and the device grant's token, approved from a session that had passed it)", () => {
    const paths = new Set(routeTable(createApp(server.deps), server.deps.auth).map((route) => route.path.replace("/api/auth", "")));
    for (const exempt of SESSIONS_WITHOUT_SECOND_FACTOR) expect(paths, `${exempt} is no longer one of better-auth's endpoints`).toContain(exempt);
  });

  it("gives no session to someone with the password and the mail of a confirmed address", async () => {
    const person = await enrolledPerson(server);
    const before = await sessionIdsOf(person.email);
    const { routes, answers, handedOver } = await walkEveryEndpoint(person, true);

    expect(routes.length).toBeGreaterThan(40);
    expect(handedOver).toEqual([]);
    // The walk reached the endpoints that do open sessions: each asked for the second step instead.
    expect(twoFactorRedirect(answers.get("POST /api/auth/sign-in/email"))).toBe(true);
    expect(twoFactorRedirect(answers.get("POST /api/auth/sign-in/email-otp with a sign-in code"))).toBe(true);
    // A reset changes the password and opens no session (and ends the ones there were).
    expect(answers.get("POST /api/auth/reset-password with a password reset link")?.status).toBe(200);
    expect(answers.get("POST /api/auth/email-otp/reset-password with a password reset code")?.status).toBe(200);
    const after = await sessionIdsOf(person.email);
    expect([...after].filter((id) => !before.has(id))).toEqual([]);
  });

  it("gives none for an address not yet confirmed either: confirming it by code or by link asks for the second step", async () => {
    // Reached when a server ran without SMTP (addresses unconfirmed) and has it now.
    const person = await enrolledPerson(server);
    const before = await sessionIdsOf(person.email);
    const { answers, handedOver } = await walkEveryEndpoint(person, false);

    expect(handedOver).toEqual([]);
    expect(twoFactorRedirect(answers.get("POST /api/auth/email-otp/verify-email with a confirmation code"))).toBe(true);
    const byLink = answers.get("GET /api/auth/verify-email with a confirmation link");
    expect(byLink?.status, byLink?.text).toBe(302);
    expect(byLink?.headers.get("location")).toBe(SECOND_STEP_PAGE);
    expect(byLink?.headers.getSetCookie().some((cookie) => cookie.includes("two_factor="))).toBe(true);
    const after = await sessionIdsOf(person.email);
    expect([...after].filter((id) => !before.has(id))).toEqual([]);
  });

  it("sends no confirmation code for an address already confirmed, through better-auth's endpoint or Holdup's /resend", async () => {
    const person = await enrolledPerson(server);
    clock.advance(HOUR_MS + 60_000);
    const mailsBefore = server.mail.mails.length;
    expect((await server.client().post("/api/auth/email-otp/send-verification-otp", { email: person.email, type: "email-verification" })).status).toBe(200);
    expect((await server.client().post("/api/auth/resend", { email: person.email, type: "email-verification" })).json).toEqual({ sent: true });
    // A sign-in code asked for after them arrives; nothing before it did.
    const signInCode = await nextMailTo(person.email, () => server.client().post("/api/auth/email-otp/send-verification-otp", { email: person.email, type: "sign-in" }));
    const arrived = server.mail.mails.slice(mailsBefore).filter((mail) => mail.to === person.email.toLowerCase());
    expect(arrived).toEqual([signInCode]);
  });

  it("keeps the session of someone signed in past the second step when better-auth renews it", async () => {
    const person = await enrolledPerson(server);
    // A day into a seven-day session: better-auth renews it on the next read.
    await server.deps.db.update(session).set({ expiresAt: new Date(Date.now() + 6 * 24 * HOUR_MS - 60_000) }).where(inArray(session.id, [...(await sessionIdsOf(person.email))]));
    const renewed = await person.client.request("/api/auth/get-session?disableCookieCache=true");
    expect((renewed.json as { user?: { email: string } } | null)?.user?.email).toBe(person.email);
    expect(sessionsHandedOver(renewed)).not.toEqual([]);
    expect(twoFactorRedirect(renewed)).toBeUndefined();
    expect((await person.client.request("/api/profile")).status).toBe(200);
  });

  it("confirming an address by code, as the probe did, leaves the person signed out until the app's code", async () => {
    const person = await enrolledPerson(server);
    await setConfirmed(person.email, false);
    clock.advance(HOUR_MS + 60_000);
    const [code] = (await freshCodes(person.email, false)).filter((secret) => secret.type === "email-verification");
    const browser = server.client();
    const verified = await browser.post("/api/auth/email-otp/verify-email", { email: person.email, otp: code?.otp });
    expect(verified.status, verified.text).toBe(200);
    expect(twoFactorRedirect(verified)).toBe(true);
    expect((await browser.request("/api/profile")).status).toBe(401);
  });
});
