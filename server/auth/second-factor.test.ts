// Two-factor authentication with an authenticator app (better-auth's twoFactor plugin): turning it on, signing in
// with it after a password or an e-mailed code, backup codes, turning it off, and wrong codes limited like passwords.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactor, user } from "../db/schema.ts";
import { authenticatorCode, authenticatorKeyOf, wrongAuthenticatorCode } from "../test/authenticator.ts";
import type { BrowserLikeClient } from "../test/browser-like-client.ts";
import { enrolledPerson as enrollPerson, type Enrolled } from "../test/second-factor.ts";
import { signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { codeIn } from "../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: true });
});
afterAll(() => server?.stop());

const enrolledPerson = () => enrollPerson(server);

async function twoFactorEnabled(email: string) {
  const [row] = await server.deps.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.email, email));
  return row?.enabled;
}

const signedInAs = async (client: BrowserLikeClient) => ((await client.request("/api/auth/get-session?disableCookieCache=true")).json as { user?: { email: string } } | null)?.user?.email;

describe("turning the second factor on", () => {
  it("asks for the password, and takes effect only once the app's first code is confirmed", async () => {
    const client = server.client();
    const { email } = await signUp(client, { mail: server.mail });
    const wrongPassword = await client.post("/api/auth/two-factor/enable", { password: "not the password at all" });
    expect(wrongPassword.status, wrongPassword.text).toBe(400);
    expect(wrongPassword.json).toMatchObject({ code: "INVALID_PASSWORD" });

    const enabled = await client.post("/api/auth/two-factor/enable", { password: STRONG_PASSWORD });
    const key = authenticatorKeyOf((enabled.json as { totpURI: string }).totpURI);
    expect(await twoFactorEnabled(email)).toBe(false);
    // Not yet confirmed: signing in still needs the password only.
    expect((await server.client().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).json).not.toHaveProperty("twoFactorRedirect");

    expect((await client.post("/api/auth/two-factor/verify-totp", { code: await wrongAuthenticatorCode(key) })).status).toBe(401);
    expect(await twoFactorEnabled(email)).toBe(false);
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(key) })).status).toBe(200);
    expect(await twoFactorEnabled(email)).toBe(true);
    // The secret and the backup codes are stored encrypted, never as the app or the person sees them.
    const [stored] = await server.deps.db.select().from(twoFactor);
    expect(stored?.secret).not.toContain(key);
  });
});

describe("signing in with the second factor", () => {
  let person: Enrolled;
  beforeAll(async () => {
    person = await enrolledPerson();
  });

  it("asks for the app's code after the password, and signs in only with it", async () => {
    const browser = server.client();
    const first = await browser.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signedInAs(browser)).toBeUndefined();
    expect((await browser.request("/api/dashboard")).status).toBe(401);

    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: await wrongAuthenticatorCode(person.key) });
    expect(wrong.status).toBe(401);
    const right = await browser.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(person.key) });
    expect(right.status, right.text).toBe(200);
    expect(await signedInAs(browser)).toBe(person.email);
    expect((await browser.request("/api/dashboard")).status).toBe(200);
  });

  it("asks for it after an e-mailed code too: reading someone's mail is not enough", async () => {
    const browser = server.client();
    const mailsBefore = server.mail.mails.length;
    expect((await browser.post("/api/auth/email-otp/send-verification-otp", { email: person.email, type: "sign-in" })).status).toBe(200);
    const mail = await server.mail.waitFor(person.email, (arrived) => arrived.subject.includes("sign-in code") && server.mail.mails.indexOf(arrived) >= mailsBefore);
    const byCode = await browser.post("/api/auth/sign-in/email-otp", { email: person.email, otp: codeIn(mail) });
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.json).toMatchObject({ twoFactorRedirect: true });
    expect(await signedInAs(browser)).toBeUndefined();
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(person.key) })).status).toBe(200);
    expect(await signedInAs(browser)).toBe(person.email);
  });

  it("takes each backup code once instead of the app's code", async () => {
    const [backupCode = ""] = person.backupCodes;
    const browser = server.client();
    await browser.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD });
    const used = await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCode });
    expect(used.status, used.text).toBe(200);
    expect(await signedInAs(browser)).toBe(person.email);

    const again = server.client();
    await again.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD });
    expect((await again.post("/api/auth/two-factor/verify-backup-code", { code: backupCode })).status).toBe(401);
    expect(await signedInAs(again)).toBeUndefined();
  });

  it("does not let the second step be skipped or guessed without a password first", async () => {
    const stranger = server.client();
    const noSignIn = await stranger.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(person.key) });
    expect(noSignIn.status).toBe(401);
    expect(await signedInAs(stranger)).toBeUndefined();
  });
});

describe("wrong codes", () => {
  it("are limited like passwords: five for one account in 15 minutes, from any browser, then 429 with Retry-After", async () => {
    const person = await enrolledPerson();
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Each try from a browser of its own, after the password: the count follows the account, not the browser.
      const browser = server.client();
      expect((await browser.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD })).json).toMatchObject({ twoFactorRedirect: true });
      expect((await browser.post("/api/auth/two-factor/verify-totp", { code: await wrongAuthenticatorCode(person.key) })).status).toBe(401);
    }
    const browser = server.client();
    await browser.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD });
    const limited = await browser.post("/api/auth/two-factor/verify-totp", { code: await authenticatorCode(person.key) });
    expect(limited.status, limited.text).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.json).toMatchObject({ code: "too_many_requests", message: expect.stringContaining("authenticator") });
    expect(await signedInAs(browser)).toBeUndefined();
  });
});

describe("turning the second factor off", () => {
  it("asks for the password, then signing in needs the password alone again", async () => {
    const person = await enrolledPerson();
    expect((await person.client.post("/api/auth/two-factor/disable", { password: "not the password at all" })).status).toBe(400);
    expect(await twoFactorEnabled(person.email)).toBe(true);
    const disabled = await person.client.post("/api/auth/two-factor/disable", { password: STRONG_PASSWORD });
    expect(disabled.status, disabled.text).toBe(200);
    expect(await twoFactorEnabled(person.email)).toBe(false);
    const browser = server.client();
    expect((await browser.post("/api/auth/sign-in/email", { email: person.email, password: STRONG_PASSWORD })).json).not.toHaveProperty("twoFactorRedirect");
    expect(await signedInAs(browser)).toBe(person.email);
  });
});
