import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTEMPT_LIMITS, authMessages } from "../../common/auth-rules.ts";
import { codeIn, linkIn } from "../test/mail-catcher.ts";
import { makeEmail, signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: true });
});
afterAll(() => server?.stop());

describe("sign-up", () => {
  it("refuses a sign-up without e-mail or password with the specification's message", async () => {
    for (const body of [{ password: STRONG_PASSWORD, name: "" }, { email: makeEmail(), name: "" }, { name: "" }]) {
      const response = await server.client().post("/api/auth/sign-up/email", body);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ message: authMessages.credentialsRequired });
    }
  });

  it("refuses an e-mail that breaks the format rule and names the field", async () => {
    for (const email of ["no-at-sign.com", "a@b", "with space@x.io", "@x.io"]) {
      const response = await server.client().post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" });
      expect(response.status, email).toBe(400);
      expect(response.json).toMatchObject({ code: "email_address_invalid", field: "email" });
    }
  });

  it("refuses weak passwords with code weak_password and the reasons", async () => {
    const cases = [
      ["short1!", "length"],
      ["password1", "common"],
      ["qwertyuiop", "common"],
      ["x".repeat(129), "too_long"],
    ] as const;
    for (const [password, reason] of cases) {
      const response = await server.client().post("/api/auth/sign-up/email", { email: makeEmail(), password, name: "" });
      expect(response.status, password).toBe(422);
      expect(response.json).toMatchObject({ code: "weak_password", weak_password: { reasons: [reason] } });
    }
  });

  it("accepts a strong password of up to 128 characters", async () => {
    const password = "Tall-ships-sail-quietly-".repeat(6).slice(0, 128);
    await signUp(server.client(), { password, mail: server.mail });
  });

  it("asks to confirm the e-mail before signing in when SMTP is configured, then signs in", async () => {
    const client = server.client();
    const email = makeEmail("verify");
    const created = await client.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "", callbackURL: "/auth/callback" });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ token: null });

    const early = await client.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.json).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });

    const confirmation = await server.mail.waitFor(email, (mail) => mail.subject.includes("Confirm"));
    const link = new URL(linkIn(confirmation));
    expect(link.searchParams.get("callbackURL")).toBe("/auth/callback");
    const opened = await client.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/auth/callback");

    const session = await client.request("/api/auth/get-session");
    expect(session.json).toMatchObject({ user: { email, emailVerified: true } });
  });

  it("resends the confirmation link, and needs both an e-mail and a type to do so", async () => {
    const client = server.client();
    const email = makeEmail("resend");
    await client.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "", callbackURL: "/auth/callback" });
    for (const body of [{ email }, { type: "signup" }, {}]) {
      const refused = await client.post("/api/auth/resend", body);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ message: authMessages.emailAndTypeRequired });
    }
    const before = server.mail.mails.filter((mail) => mail.to === email).length;
    const resent = await client.post("/api/auth/resend", { email, type: "signup" });
    expect(resent.status).toBe(200);
    await server.mail.waitFor(email, () => server.mail.mails.filter((mail) => mail.to === email).length > before);
  });
});

describe("sign-in", () => {
  it("signs in with the right password and refuses a wrong one with 401", async () => {
    const { email } = await signUp(server.client(), { mail: server.mail });
    const client = server.client();
    const wrong = await client.post("/api/auth/sign-in/email", { email, password: "not-the-password-9" });
    expect(wrong.status).toBe(401);
    const missing = await client.post("/api/auth/sign-in/email", { email });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: authMessages.credentialsRequired });
    const right = await client.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD });
    expect(right.status).toBe(200);
    expect(client.hasCookie("better-auth.session_token")).toBe(true);
  });

  it("limits repeated failed sign-ins with 429 and Retry-After, even for the right password", async () => {
    const { email } = await signUp(server.client(), { mail: server.mail });
    const client = server.client();
    for (let attempt = 0; attempt < ATTEMPT_LIMITS.password.perEmail; attempt++) {
      expect((await client.post("/api/auth/sign-in/email", { email, password: `wrong-guess-${attempt}` })).status).toBe(401);
    }
    const limited = await client.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ATTEMPT_LIMITS.password.windowSeconds);
  });

  it("signs in with a one-time code sent by e-mail", async () => {
    const { email } = await signUp(server.client(), { mail: server.mail });
    const client = server.client();
    const noEmail = await client.post("/api/auth/email-otp/send-verification-otp", { type: "sign-in" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json).toMatchObject({ message: authMessages.emailRequired });

    const requested = await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect(requested.status).toBe(200);
    const mail = await server.mail.waitFor(email, (m) => m.subject.includes("sign-in code"));
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await client.post("/api/auth/sign-in/email-otp", { email, otp: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    const right = await client.post("/api/auth/sign-in/email-otp", { email, otp: code });
    expect(right.status).toBe(200);
    expect((await client.request("/api/auth/get-session")).json).toMatchObject({ user: { email } });
  });

  it("resets a forgotten password through the e-mailed link, refusing a weak new one", async () => {
    const { email } = await signUp(server.client(), { mail: server.mail });
    const client = server.client();
    const requested = await client.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(requested.status).toBe(200);
    const mail = await server.mail.waitFor(email, (m) => m.subject.includes("Reset"));
    const link = new URL(linkIn(mail));
    const opened = await client.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location") ?? "", server.url);
    expect(landing.pathname).toBe("/reset-password");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const weak = await client.post("/api/auth/reset-password", { token, newPassword: "password123" });
    expect(weak.status).toBe(422);
    expect(weak.json).toMatchObject({ code: "weak_password" });
    const newPassword = "another-strong-lantern-77";
    expect((await client.post("/api/auth/reset-password", { token, newPassword })).status).toBe(200);

    expect((await client.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await client.post("/api/auth/sign-in/email", { email, password: newPassword })).status).toBe(200);
  });
});

describe("sign-out", () => {
  async function signedInTwice() {
    const { email } = await signUp(server.client(), { mail: server.mail });
    const laptop = server.client();
    const phone = server.client();
    for (const device of [laptop, phone]) expect((await device.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);
    return { laptop, phone };
  }
  /** The phone's session as the database sees it (the cookie cache skipped). */
  const sessionOf = async (device: ReturnType<TestServer["client"]>) => (await device.request("/api/auth/get-session?disableCookieCache=true")).json;

  it("signs out every device by default (global)", async () => {
    const { laptop, phone } = await signedInTwice();
    const out = await laptop.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ scope: "global" });
    expect(laptop.hasCookie("better-auth.session_token")).toBe(false);
    expect(await sessionOf(phone)).toBeNull();
  });

  it("signs out only this device when asked", async () => {
    const { laptop, phone } = await signedInTwice();
    expect((await laptop.request("/api/auth/logout?scope=local", { method: "POST" })).status).toBe(200);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toMatchObject({ user: { email: expect.any(String) } });
  });

  it("refuses an unknown scope with the field at fault", async () => {
    const { laptop } = await signedInTwice();
    const response = await laptop.request("/api/auth/logout?scope=everyone", { method: "POST" });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: "validation_failed", fields: { scope: [expect.any(String)] } });
  });
});
