// The limits matrix: for every endpoint that checks a secret or sends an e-mail, the attempt that gets 429, by
// e-mail address (guesses spread over many clients) and by client (spread over many addresses), whatever the
// encoding. Counts come from common/auth-rules.ts, so a changed limit changes the expectation with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTEMPT_LIMITS } from "../../common/auth-rules.ts";
import { BrowserLikeClient, type RawResponse } from "../test/browser-like-client.ts";
import { makeEmail, makeTeam, signUp, STRONG_PASSWORD, testClock, type Teammate } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
const clock = testClock();

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
});
afterAll(() => server?.stop());

/** A browser of its own: a new client for the per-address rows. */
const someone = () => server.client();

type Attempt = { path: string; method?: "GET" | "POST"; body?: (email: string) => Record<string, unknown> };

const send = (client: BrowserLikeClient, attempt: Attempt, email: string): Promise<RawResponse> =>
  attempt.method === "GET" ? client.request(attempt.path) : client.request(attempt.path, { method: "POST", json: attempt.body?.(email) ?? {} });

function expectLimited(response: RawResponse, label: string) {
  expect(response.status, `${label}: ${response.text}`).toBe(429);
  expect(Number(response.headers.get("retry-after")), label).toBeGreaterThan(0);
  expect(response.json, label).toMatchObject({ code: "too_many_requests", message: expect.stringMatching(/Try again in/) });
}

function expectNotLimited(response: RawResponse, label: string) {
  expect(response.status, `${label}: ${response.text}`).not.toBe(429);
  expect(response.status, `${label}: ${response.text}`).toBeLessThan(500);
}

const wrongPassword = { path: "/api/auth/sign-in/email", body: (email: string) => ({ email, password: "not-the-password-9" }) };

/** Every endpoint that checks a one-time code for an address, each with a code that is wrong. */
const codeChecks: Attempt[] = [
  { path: "/api/auth/sign-in/email-otp", body: (email) => ({ email, otp: "000000" }) },
  { path: "/api/auth/email-otp/verify-email", body: (email) => ({ email, otp: "000000" }) },
  { path: "/api/auth/email-otp/check-verification-otp", body: (email) => ({ email, type: "forget-password", otp: "000000" }) },
  { path: "/api/auth/email-otp/reset-password", body: (email) => ({ email, otp: "000000", password: "a-brand-new-lantern-88" }) },
];

/** Every endpoint that sends an e-mail to the address it is given. */
const mailSenders: Attempt[] = [
  { path: "/api/auth/resend", body: (email) => ({ email, type: "sign-in" }) },
  { path: "/api/auth/email-otp/send-verification-otp", body: (email) => ({ email, type: "sign-in" }) },
  { path: "/api/auth/request-password-reset", body: (email) => ({ email, redirectTo: "/reset-password" }) },
  { path: "/api/auth/send-verification-email", body: (email) => ({ email, callbackURL: "/auth/callback" }) },
  { path: "/api/auth/email-otp/request-password-reset", body: (email) => ({ email }) },
  { path: "/api/auth/forget-password/email-otp", body: (email) => ({ email }) },
  { path: "/api/auth/resend", body: (email) => ({ email, type: "signup" }) },
];

/** Cycles through the endpoints, one new client each time, until the limit for the address; the next is 429. */
async function expectLimitByAddress(attempts: Attempt[], limit: number, email: string) {
  for (let index = 0; index < limit; index++) {
    const attempt = attempts[index % attempts.length] as Attempt;
    expectNotLimited(await send(someone(), attempt, email), `${attempt.path} #${index + 1}`);
  }
  for (const attempt of attempts) expectLimited(await send(someone(), attempt, email), `${attempt.path} past the limit for ${email}`);
}

/** Cycles through the endpoints from one client, a new address each time, until the client's limit; the next is 429. */
async function expectLimitByClient(attempts: Attempt[], limit: number) {
  const client = someone();
  for (let index = 0; index < limit; index++) {
    const attempt = attempts[index % attempts.length] as Attempt;
    expectNotLimited(await send(client, attempt, makeEmail("spread")), `${attempt.path} #${index + 1}`);
  }
  for (const attempt of attempts) expectLimited(await send(client, attempt, makeEmail("spread")), `${attempt.path} past the client's limit`);
  // Another client is not held up by this one.
  expectNotLimited(await send(someone(), attempts[0] as Attempt, makeEmail("other")), "another client");
}

describe("passwords", () => {
  it("refuses the 6th wrong password for one address, from any client, and then the right one too", async () => {
    const { email } = await signUp(someone(), { mail: server.mail });
    await expectLimitByAddress([wrongPassword], ATTEMPT_LIMITS.password.perEmail, email);
    expectLimited(await someone().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD }), "the right password");
  });

  it("never lets a form-encoded guess through, before or after the limit (it is refused as an encoding)", async () => {
    const { email } = await signUp(someone(), { mail: server.mail });
    const attacker = someone();
    for (let guess = 0; guess < ATTEMPT_LIMITS.password.perEmail; guess++) expect((await send(attacker, wrongPassword, email)).status).toBe(401);
    expectLimited(await send(attacker, wrongPassword, email), "JSON past the limit");
    const formGuesses = await Promise.all(
      Array.from({ length: 50 }, (_, guess) =>
        attacker.request("/api/auth/sign-in/email", { method: "POST", body: new URLSearchParams({ email, password: guess === 49 ? STRONG_PASSWORD : `guess-${guess}` }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }),
      ),
    );
    expect(new Set(formGuesses.map((response) => response.status))).toEqual(new Set([415]));
    expect(attacker.hasCookie("better-auth.session_token")).toBe(false);
    expectLimited(await attacker.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD }), "the right password, after the form guesses");
  });

  it("refuses a wrong current password the same way when changing it, counted with sign-in failures", async () => {
    const client = someone();
    const { email } = await signUp(client, { mail: server.mail });
    const change = { path: "/api/auth/change-password", body: () => ({ currentPassword: "not-the-password-9", newPassword: "a-brand-new-lantern-88" }) };
    for (let guess = 0; guess < ATTEMPT_LIMITS.password.perEmail - 1; guess++) expectNotLimited(await send(client, change, email), `change #${guess + 1}`);
    expectNotLimited(await send(someone(), wrongPassword, email), "a sign-in failure, the 5th");
    expectLimited(await send(client, change, email), "the 6th check of the password");
  });

  it("refuses a client's guesses spread over many addresses and password endpoints once it reaches its own limit", async () => {
    // better-auth's own limiter allows 20 sign-ins and 10 checks of each other kind a minute per client: the
    // checks are spread over the three password endpoints, which also shows Holdup's count is one across them.
    const client = someone();
    const sameBrowserAs = async () => {
      const signedIn = new BrowserLikeClient(server.url, { address: client.address });
      await signUp(signedIn, { mail: server.mail });
      return signedIn;
    };
    // Four accounts, so that no address reaches its own limit (5) before the client reaches its (30).
    const accounts = [await sameBrowserAs(), await sameBrowserAs(), await sameBrowserAs(), await sameBrowserAs()];
    const account = (index: number) => accounts[index % accounts.length] as BrowserLikeClient;
    const verify = { path: "/api/auth/verify-password", body: () => ({ password: "not-the-password-9" }) };
    const change = { path: "/api/auth/change-password", body: () => ({ currentPassword: "not-the-password-9", newPassword: "a-brand-new-lantern-88" }) };
    const checks: [BrowserLikeClient, Attempt][] = [
      ...Array.from({ length: 15 }, (): [BrowserLikeClient, Attempt] => [client, wrongPassword]),
      ...Array.from({ length: 10 }, (_, index): [BrowserLikeClient, Attempt] => [account(index), verify]),
      ...Array.from({ length: 5 }, (_, index): [BrowserLikeClient, Attempt] => [account(index + 2), change]),
    ];
    expect(checks).toHaveLength(ATTEMPT_LIMITS.password.perClient);
    for (const [index, [browser, attempt]] of checks.entries()) expectNotLimited(await send(browser, attempt, makeEmail("spread")), `${attempt.path} #${index + 1}`);
    expectLimited(await send(client, wrongPassword, makeEmail("spread")), "the client past its limit");
  });

  it("lifts the limit when the oldest failure leaves the window, and a success clears the address's failures", async () => {
    const { email } = await signUp(someone(), { mail: server.mail });
    await expectLimitByAddress([wrongPassword], ATTEMPT_LIMITS.password.perEmail, email);
    clock.advance(ATTEMPT_LIMITS.password.windowSeconds * 1000 + 1000);
    expect((await someone().post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);
    for (let guess = 0; guess < ATTEMPT_LIMITS.password.perEmail; guess++) expect((await send(someone(), wrongPassword, email)).status).toBe(401);
  });
});

describe("one-time codes and e-mailed links", () => {
  it("counts wrong codes for one address across codes and across every code-checking endpoint", async () => {
    const { email } = await signUp(someone(), { mail: server.mail });
    // A new code between guesses does not start a new count.
    for (let round = 0; round < ATTEMPT_LIMITS.code.perEmail; round++) {
      const fresh = round % 3 === 0 ? await someone().post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" }) : undefined;
      expect(fresh?.status ?? 200).toBe(200);
      const attempt = codeChecks[round % codeChecks.length] as Attempt;
      expectNotLimited(await send(someone(), attempt, email), `${attempt.path} #${round + 1}`);
    }
    for (const attempt of codeChecks) expectLimited(await send(someone(), attempt, email), `${attempt.path} past the limit`);
  });

  it("refuses the right code too once the address is limited", async () => {
    const { email } = await signUp(someone(), { mail: server.mail });
    await expectLimitByAddress(codeChecks, ATTEMPT_LIMITS.code.perEmail, email);
    const client = someone();
    expect((await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    const code = (await server.mail.waitFor(email, (mail) => mail.subject.includes("sign-in code"))).text.match(/\b(\d{6})\b/)?.[1];
    expectLimited(await client.post("/api/auth/sign-in/email-otp", { email, otp: code }), "the right code");
  });

  it("refuses a client's wrong codes and link tokens spread over many addresses", async () => {
    const tokenChecks: Attempt[] = [
      ...codeChecks,
      { path: "/api/auth/reset-password", body: () => ({ token: "not-a-real-token", newPassword: "a-brand-new-lantern-88" }) },
      { path: "/api/auth/verify-email?token=not-a-real-token", method: "GET" },
      { path: "/api/auth/reset-password/not-a-real-token?callbackURL=/reset-password", method: "GET" },
    ];
    await expectLimitByClient(tokenChecks, ATTEMPT_LIMITS.code.perClient);
  });
});

describe("e-mail", () => {
  it("sends at most the limit to one address, across every endpoint and client, then answers 429", async () => {
    const email = makeEmail("flooded");
    const fence = makeEmail("fence");
    await signUp(someone(), { email: fence, mail: server.mail });
    // Signing up sent the first e-mail (the confirmation): it counts too.
    await signUp(someone(), { email, mail: server.mail });
    await expectLimitByAddress(mailSenders, ATTEMPT_LIMITS.email.perEmail - 1, email);
    // A mail to someone else, asked for last, has arrived: the ones asked for before it have too.
    await someone().post("/api/auth/email-otp/send-verification-otp", { email: fence, type: "sign-in" });
    await server.mail.waitFor(fence, (mail) => mail.subject.includes("sign-in code"));
    expect(server.mail.mails.filter((mail) => mail.to === email).length).toBeLessThanOrEqual(ATTEMPT_LIMITS.email.perEmail);
  });

  it("counts an address however it is capitalised", async () => {
    const email = makeEmail("cased");
    for (let index = 0; index < ATTEMPT_LIMITS.email.perEmail; index++) expectNotLimited(await send(someone(), mailSenders[1] as Attempt, index % 2 ? email.toUpperCase() : email.replace(/^./, (first) => first.toUpperCase())), `#${index + 1}`);
    expectLimited(await send(someone(), mailSenders[1] as Attempt, email.toUpperCase()), "past the limit");
  });

  it("refuses a client that asks for e-mail to many addresses once it reaches its limit", async () => {
    await expectLimitByClient(mailSenders, ATTEMPT_LIMITS.email.perClient);
  });

  it("does not count a request that was refused before anything was sent", async () => {
    const email = makeEmail("typo");
    const client = someone();
    for (let index = 0; index < ATTEMPT_LIMITS.email.perEmail + 2; index++) expect((await client.post("/api/auth/resend", { email, type: "nonsense" })).status).toBe(400);
    expectNotLimited(await client.post("/api/auth/resend", { email, type: "sign-in" }), "the first real one");
  });
});

describe("invitations", () => {
  it("send at most the limit of e-mails to one address however often a teammate invites it again", async () => {
    const [owner] = (await makeTeam(server, ["Olive"])) as [Teammate];
    const invitee = makeEmail("invitee");
    // Someone else asked for a sign-in code for that address first: it is one e-mail of the same count.
    expectNotLimited(await send(someone(), mailSenders[1] as Attempt, invitee), "a code for the address");
    for (let time = 1; time < ATTEMPT_LIMITS.email.perEmail; time++) {
      const invited = await owner.client.post("/api/team/invitations", { emails: [invitee] });
      expect(invited.json, `invitation #${time}`).toMatchObject({ outcomes: [{ email: invitee, invited: true }] });
    }
    const refused = await owner.client.post("/api/team/invitations", { emails: [invitee, makeEmail("someone-else")] });
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ outcomes: [{ email: invitee, invited: false, message: expect.stringMatching(/Too many e-mails/) }, { invited: true }] });
    const alone = await owner.client.post("/api/team/invitations", { emails: [invitee] });
    expectLimited(alone, "the address alone, past its limit");
    const fence = makeEmail("fence");
    await owner.client.post("/api/team/invitations", { emails: [fence] });
    await server.mail.waitFor(fence);
    expect(server.mail.mails.filter((mail) => mail.to === invitee).length).toBeLessThanOrEqual(ATTEMPT_LIMITS.email.perEmail);
  });
});

describe("better-auth's own limiter", () => {
  it("answers with the standard Retry-After, and counts an IPv6 client by its /64", async () => {
    const first = new BrowserLikeClient(server.url, { address: "2001:db8:aa:bb::1" });
    const sameNetwork = new BrowserLikeClient(server.url, { address: "2001:db8:aa:bb:ffff::2" });
    let answer: RawResponse | undefined;
    // 20 sign-ins a minute per client: half from each address of the /64, then one more.
    for (let index = 0; index < 21; index++) answer = await (index % 2 ? sameNetwork : first).post("/api/auth/sign-in/email", { email: makeEmail("unknown"), password: "whatever-it-is-1" });
    expect(answer?.status).toBe(429);
    expect(Number(answer?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer?.json).toMatchObject({ code: "too_many_requests" });
    expectNotLimited(await new BrowserLikeClient(server.url, { address: "2001:db8:aa:cc::1" }).post("/api/auth/sign-in/email", { email: makeEmail("unknown"), password: "whatever-it-is-1" }), "another /64");
  });
});

describe("who the client is", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const untrusting = await startTestServer({ smtp: false, environment: { TRUST_PROXY: "" } });
    try {
      // Each claims another address; without a trusted proxy they are all the same client (this machine).
      for (let index = 0; index < ATTEMPT_LIMITS.email.perClient; index++) {
        expectNotLimited(await untrusting.client().post("/api/auth/resend", { email: makeEmail("spoof"), type: "sign-in" }), `#${index + 1}`);
      }
      expectLimited(await untrusting.client().post("/api/auth/resend", { email: makeEmail("spoof"), type: "sign-in" }), "a new claimed address");
    } finally {
      await untrusting.stop();
    }
  });
});
