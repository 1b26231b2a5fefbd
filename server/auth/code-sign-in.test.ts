// A one-time code sign-in on an account whose e-mail was never confirmed (decision 020).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user, verification } from "../db/schema.ts";
import { codeIn } from "../test/mail-catcher.ts";
import { makeEmail, signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let withoutSmtp: TestServer;
let withSmtp: TestServer;
beforeAll(async () => {
  [withoutSmtp, withSmtp] = await Promise.all([startTestServer({ smtp: false }), startTestServer({ smtp: true })]);
});
afterAll(async () => {
  await withoutSmtp?.stop();
  await withSmtp?.stop();
});

/** The code that was sent to this address; without SMTP the server "sends" to the log, so the catcher cannot see it. */
async function requestCode(server: TestServer, email: string): Promise<string> {
  const requested = await server.client().post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
  expect(requested.status, requested.text).toBe(200);
  if (server.config.smtpUrl) return codeIn(await server.mail.waitFor(email, (mail) => mail.subject.includes("sign-in code")));
  // The same code the log would show: better-auth keeps it in its verification table, readable by the server's operator.
  const [row] = await server.deps.db.select({ value: verification.value }).from(verification).where(eq(verification.identifier, `sign-in-otp-${email}`));
  return row?.value.split(":")[0] ?? "";
}

async function credentialOf(server: TestServer, email: string) {
  const [row] = await server.deps.db
    .select({ id: account.id, emailVerified: user.emailVerified })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.email, email));
  return row;
}

describe("a code sign-in without SMTP", () => {
  it("keeps the password, the other sessions and the unconfirmed e-mail as they were", async () => {
    const email = makeEmail("laptop");
    const laptop = withoutSmtp.client();
    expect((await laptop.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" })).status).toBe(200);
    await laptop.post("/api/auth/logout?scope=local");
    const phone = withoutSmtp.client();
    expect((await phone.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);

    const byCode = withoutSmtp.client();
    const signedIn = await byCode.post("/api/auth/sign-in/email-otp", { email, otp: await requestCode(withoutSmtp, email) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json).not.toHaveProperty("passwordRemoved");
    await byCode.post("/api/auth/logout?scope=local");

    expect(await credentialOf(withoutSmtp, email)).toMatchObject({ id: expect.any(String), emailVerified: false });
    expect((await withoutSmtp.client().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await phone.request("/api/auth/get-session?disableCookieCache=true")).json).toMatchObject({ user: { email } });
  });
});

describe("a code sign-in with SMTP", () => {
  it("removes a password set before the address was confirmed, and says so in its answer", async () => {
    // Someone signs up with an address that is not theirs and never confirms it; the owner signs in with a code.
    const email = makeEmail("owner");
    expect((await withSmtp.client().post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "", callbackURL: "/auth/callback" })).status).toBe(200);
    const owner = withSmtp.client();
    const signedIn = await owner.post("/api/auth/sign-in/email-otp", { email, otp: await requestCode(withSmtp, email) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json).toMatchObject({ passwordRemoved: true, user: { email, emailVerified: true } });
    expect(await credentialOf(withSmtp, email)).toMatchObject({ id: null, emailVerified: true });
    expect((await withSmtp.client().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it("says nothing of the kind for a confirmed account, whose password stays", async () => {
    const email = makeEmail("confirmed");
    await signUp(withSmtp.client(), { email, mail: withSmtp.mail });
    const signedIn = await withSmtp.client().post("/api/auth/sign-in/email-otp", { email, otp: await requestCode(withSmtp, email) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json).not.toHaveProperty("passwordRemoved");
    expect((await withSmtp.client().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it("answers a malformed address (NUL characters, which PostgreSQL refuses) with a 400, never a 500", async () => {
    const answer = await withSmtp.client().post("/api/auth/sign-in/email-otp", { email: "\u0000".repeat(300), otp: "000000" });
    expect(answer.status, answer.text).toBe(400);
  });
});
