// Text longer than anything Holdup takes is refused before it reaches the database: a 500,000-character e-mail
// address passed the e-mail pattern and went into every lookup and insert better-auth and the attempt limits make
// with it (a 500 when PostgreSQL could not index it, and PGlite's memory for the query either way), and a token as
// long did the same through better-auth's verification lookups (docs/decisions/021-memory-under-load.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH } from "../../common/auth-rules.ts";
import { makeEmail, onboard, signUp, STRONG_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
});
afterAll(() => server?.stop());

/** A syntactically fine address of the given length: a long local part at example.com. */
const addressOfLength = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
const HUGE = 500_000;

describe("e-mail addresses longer than SMTP allows", () => {
  it("are refused with 400 on every better-auth endpoint that takes one, at 255 characters and at 500,000", async () => {
    const endpoints: [string, Record<string, unknown>][] = [
      ["/api/auth/sign-in/email", { password: STRONG_PASSWORD }],
      ["/api/auth/sign-up/email", { password: STRONG_PASSWORD, name: "" }],
      ["/api/auth/sign-in/email-otp", { otp: "123456" }],
      ["/api/auth/email-otp/send-verification-otp", { type: "sign-in" }],
      ["/api/auth/forget-password/email-otp", {}],
      ["/api/auth/email-otp/check-verification-otp", { otp: "123456", type: "sign-in" }],
      ["/api/auth/request-password-reset", {}],
    ];
    for (const [path, fields] of endpoints) {
      for (const length of [EMAIL_MAX_LENGTH + 1, HUGE]) {
        const answer = await server.client().post(path, { ...fields, email: addressOfLength(length) });
        expect(answer.status, `${path} with ${length} characters: ${answer.text.slice(0, 200)}`).toBe(400);
      }
    }
  });

  it("are accepted up to 254 characters", async () => {
    const client = server.client();
    const answer = await client.post("/api/auth/sign-up/email", { email: addressOfLength(EMAIL_MAX_LENGTH), password: STRONG_PASSWORD, name: "" });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  });

  it("are refused in an invitation, naming the field", async () => {
    const owner = server.client();
    await signUp(owner, { email: makeEmail("owner") });
    await onboard(owner, { fullName: "Olive Owner" });
    const answer = await owner.post("/api/team/invitations", { emails: [addressOfLength(HUGE)] });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "validation_failed", fields: { "emails.0": [`Use at most ${EMAIL_MAX_LENGTH} characters`] } });
  });
});

describe("other text better-auth is given", () => {
  it("is refused with 400 beyond 2,000 characters, a token for one", async () => {
    const answer = await server.client().post("/api/auth/reset-password", { token: "t".repeat(HUGE), newPassword: STRONG_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "validation_failed", fields: { token: ["Use at most 2,000 characters"] } });
  });
});
