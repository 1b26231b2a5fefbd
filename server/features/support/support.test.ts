import { request as httpRequest } from "node:http";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUPPORT_REQUEST_LIMIT } from "../../../common/support.ts";
import { MAX_BODY_BYTES } from "../../app.ts";
import { supportRequests } from "../../db/schema.ts";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { makeEmail, okJson, signUp, testClock } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const SUPPORT_EMAIL = "help@holdup.example";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let server: TestServer;
let visitor: BrowserLikeClient;

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock, environment: { SUPPORT_EMAIL } });
  visitor = server.client();
});
afterAll(() => server?.stop());
// Every request of this file comes from one client (this machine): each test starts an hour after the last one's requests.
beforeEach(() => clock.advance(2 * HOUR));

const send = (client: BrowserLikeClient, overrides: Record<string, unknown> = {}) =>
  client.post("/api/support", { name: "Ada Lovelace", email: makeEmail("ada"), message: "The dashboard does not load since this morning.", ...overrides });

const storedRequest = async (id: string) => (await server.deps.db.select().from(supportRequests).where(eq(supportRequests.id, id)))[0];
const storedCount = async () => (await server.deps.db.select({ stored: count() }).from(supportRequests))[0]?.stored ?? 0;
const idOf = (answer: { json: unknown }) => (answer.json as { id: string }).id;

/** Plain node:http on its own connection: the server answers 413 before reading the body and closes that connection. */
function postOversize(path: string, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const headers = { origin: server.url, "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const request = httpRequest(`${server.url}${path}`, { method: "POST", agent: false, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the support form's input", () => {
  it("names each field at fault, with the form's own messages, and stores nothing", async () => {
    const before = await storedCount();
    const blank = await visitor.post("/api/support", { name: "   ", email: "not-an-email", message: "  too short  " });
    expect(blank.status).toBe(400);
    expect(blank.json).toEqual({
      code: "validation_failed",
      message: "Some fields are not valid",
      fields: { name: ["Enter your name"], email: ["Enter a valid e-mail address"], message: ["Write at least 10 characters"] },
    });

    const overlong = await visitor.post("/api/support", { name: "x".repeat(101), email: `${"x".repeat(250)}@example.com`, message: "x".repeat(5001) });
    expect(overlong.status).toBe(400);
    expect(overlong.json).toMatchObject({
      fields: { name: ["Use at most 100 characters"], email: ["Use at most 254 characters"], message: ["Use at most 5,000 characters"] },
    });

    const missing = await visitor.post("/api/support", {});
    expect(missing.json).toMatchObject({ fields: { name: ["Enter your name"], email: ["Enter your e-mail address"], message: ["Write your message"] } });
    expect(await storedCount()).toBe(before);
  });

  it("refuses a body with extra or wrong-type fields with 400", async () => {
    const valid = { name: "Ada Lovelace", email: makeEmail("ada"), message: "The dashboard does not load." };
    const extra = await visitor.post("/api/support", { ...valid, profileId: "00000000-0000-0000-0000-000000000000" });
    expect(extra.status).toBe(400);
    expect(extra.json).toMatchObject({ code: "validation_failed", fields: { _: [expect.stringContaining("profileId")] } });

    const wrongTypes = await visitor.post("/api/support", { name: 42, email: ["a@example.com"], message: { text: "The dashboard does not load." } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.json).toMatchObject({ fields: { name: ["Must be text"], email: ["Must be text"], message: ["Must be text"] } });

    for (const body of [[valid], null, "a message", { ...valid, name: "Ada\u0000" }]) {
      const answer = await visitor.post("/api/support", body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json).toMatchObject({ code: "validation_failed" });
    }
    // Half an emoji is no character at all: refused by name rather than stored and mailed as "�".
    const halfEmoji = await visitor.post("/api/support", { ...valid, message: "The dashboard \ud83d does not load." });
    expect(halfEmoji.status).toBe(400);
    expect(halfEmoji.json).toMatchObject({ fields: { message: ["Contains a character that is not allowed"] } });
  });

  it("answers an oversize body with 413 and a body that is not JSON with 4xx, never 500", async () => {
    const before = await storedCount();
    const oversize = await postOversize("/api/support", JSON.stringify({ name: "Ada", email: "ada@example.com", message: "x".repeat(MAX_BODY_BYTES) }));
    expect(oversize.status).toBe(413);
    expect(JSON.parse(oversize.text)).toMatchObject({ code: "payload_too_large" });

    const plainText = await visitor.request("/api/support", { method: "POST", body: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "Hello, this is Ada." }), headers: { "content-type": "text/plain" } });
    expect(plainText.status).toBe(415);
    expect(plainText.json).toMatchObject({ code: "unsupported_media_type" });
    const malformed = await visitor.request("/api/support", { method: "POST", body: '{"name": "Ada",', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: "bad_request" });
    const fromAnotherSite = await visitor.request("/api/support", {
      method: "POST",
      body: "name=Ada&email=ada%40example.com&message=Hello%2C+this+is+Ada.",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(fromAnotherSite.status).toBe(403);
    for (const answer of [plainText, malformed, fromAnotherSite]) expect(answer.text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(await storedCount()).toBe(before);
  });
});

describe("a support request", () => {
  it("is stored, mailed to SUPPORT_EMAIL with the sender as Reply-To, and answered with 201, its id and when it was received", async () => {
    const response = await visitor.api.support.$post({
      json: { name: "  Ada Lovelace ", email: " Ada.Lovelace@Example.com ", message: "The dashboard shows nobody.\nSince this morning." },
    });
    expect(response.status).toBe(201);
    const answer = await okJson(Promise.resolve(response));
    expect(answer).toEqual({ id: expect.any(String), receivedAt: clock.now().toISOString() });

    const stored = await storedRequest(answer.id);
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      message: "The dashboard shows nobody.\nSince this morning.",
      profileId: null,
      createdAt: clock.now(),
      mailedAt: clock.now(),
    });
    // A keyed hash of the client's network, never the address itself.
    expect(stored?.clientKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|::1|localhost/);

    const mail = await server.mail.waitFor(SUPPORT_EMAIL, (caught) => caught.text.includes(answer.id));
    expect(mail.subject).toBe("Support request from Ada Lovelace");
    expect(mail.replyTo).toBe("ada.lovelace@example.com");
    expect(mail.text).toContain("E-mail: ada.lovelace@example.com");
    expect(mail.text).toContain("Signed in: no");
    expect(mail.text).toContain("The dashboard shows nobody.\nSince this morning.");
    // Nothing goes to the address the sender typed: anyone could type anyone's.
    expect(server.mail.mails.filter((caught) => caught.to === "ada.lovelace@example.com")).toEqual([]);
  });

  it("notes the profile of a signed-in sender, and treats a forged session cookie as signed out", async () => {
    const member = server.client();
    await signUp(member, { mail: server.mail });
    const profile = await okJson(member.api.profile.$get());
    const signedIn = await send(member, { name: "Signed In Sender" });
    expect(signedIn.status, signedIn.text).toBe(201);
    expect(await storedRequest(idOf(signedIn))).toMatchObject({ profileId: profile.id });
    const mail = await server.mail.waitFor(SUPPORT_EMAIL, (caught) => caught.text.includes(idOf(signedIn)));
    expect(mail.text).toContain(`Signed in: yes, profile ${profile.id} (account e-mail ${profile.email})`);

    const forged = await visitor.request("/api/support", {
      method: "POST",
      json: { name: "Forger", email: makeEmail("forger"), message: "Pretending to be someone." },
      headers: { cookie: "better-auth.session_token=forged.signature" },
    });
    expect(forged.status, forged.text).toBe(201);
    expect(await storedRequest(idOf(forged))).toMatchObject({ profileId: null });
  });

  it("keeps a name with line breaks out of the mail's headers", async () => {
    const answer = await send(visitor, { name: "Eve\r\nBcc: victim@example.com" });
    expect(answer.status, answer.text).toBe(201);
    const mail = await server.mail.waitFor(SUPPORT_EMAIL, (caught) => caught.text.includes(idOf(answer)));
    expect(mail.subject).toBe("Support request from Eve Bcc: victim@example.com");
    expect(server.mail.mails.filter((caught) => caught.to === "victim@example.com")).toEqual([]);
  });

  it("is kept, and still answered with 201, when the mail cannot be sent", async () => {
    server.mail.refuseRecipients(true);
    let answer;
    try {
      answer = await send(visitor, { name: "Mail Down" });
    } finally {
      server.mail.refuseRecipients(false);
    }
    expect(answer.status, answer.text).toBe(201);
    expect(await storedRequest(idOf(answer))).toMatchObject({ name: "Mail Down", mailedAt: null });
    expect(server.mail.mails.filter((caught) => caught.text.includes(idOf(answer)))).toEqual([]);
  });
});

describe("the support form's limits", () => {
  it("refuses a 6th request from the same client within the hour with 429 and Retry-After, and accepts it once the oldest is an hour old", async () => {
    const accepted: string[] = [];
    for (let sent = 0; sent < SUPPORT_REQUEST_LIMIT.perClient; sent++) {
      if (sent > 0) clock.advance(2 * MINUTE);
      const answer = await send(visitor);
      expect(answer.status, answer.text).toBe(201);
      accepted.push(idOf(answer));
    }
    const clientKey = (await storedRequest(accepted[0] ?? ""))?.clientKey ?? "";
    const storedFromClient = async () => (await server.deps.db.select({ stored: count() }).from(supportRequests).where(eq(supportRequests.clientKey, clientKey)))[0]?.stored;
    const storedBefore = await storedFromClient();

    // The first of the five was sent 8 minutes ago: it leaves the window in 52 minutes.
    const sixth = await send(visitor);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBe(String(52 * 60));
    expect(sixth.json).toEqual({ code: "rate_limited", message: "Too many support requests. Please try again in 52 minute(s).", retryAfter: 52 * 60 });
    expect(await storedFromClient()).toBe(storedBefore);

    clock.advance((52 * 60 - 1) * 1000);
    const aSecondEarly = await send(visitor);
    expect(aSecondEarly.status).toBe(429);
    expect(aSecondEarly.headers.get("retry-after")).toBe("1");

    clock.advance(1000);
    expect((await send(visitor)).status).toBe(201);
  });

  it("lets only five through when six are sent at once", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(visitor)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("refuses a 4th request for the same e-mail address within the hour, however it is written, while other addresses get through", async () => {
    const email = makeEmail("grace");
    for (let sent = 0; sent < SUPPORT_REQUEST_LIMIT.perEmail; sent++) {
      if (sent > 0) clock.advance(MINUTE);
      expect((await send(visitor, { email })).status).toBe(201);
    }
    const fourth = await send(visitor, { email: ` ${email.toUpperCase()} ` });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBe(String(58 * 60));
    expect(fourth.json).toMatchObject({ code: "rate_limited", retryAfter: 58 * 60 });

    expect((await send(visitor, { email: makeEmail("someone-else") })).status).toBe(201);
    clock.advance(58 * MINUTE);
    expect((await send(visitor, { email })).status).toBe(201);
  });
});
