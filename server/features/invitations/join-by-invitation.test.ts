// Joining from the invitation's link in one request: the token proves the address, so no confirmation e-mail, no
// onboarding steps, and the blockers logged on the address are waiting on the newcomer at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationTokenIn, makeEmail, makeTeam, okJson, STRONG_PASSWORD, signUp, type Teammate } from "../../test/factories.ts";
import { linkIn } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let alice: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: true });
  [alice] = (await makeTeam(server, ["Alice"], "Acme Payments")) as [Teammate];
});
afterAll(() => server?.stop());

/** Alice logs a blocker on a new address, which invites it; answers the token of the link the e-mail carries. */
async function blockerOnNewcomer(email: string, title: string) {
  await okJson(alice.client.api.blockers.$post({ json: { title, blockingProfileIds: [], blockingEmails: [email], alsoBlockedProfileIds: [], priority: "high" } }));
  const mail = await server.mail.waitFor(email, (arrived) => arrived.subject.includes("invited you"));
  return invitationTokenIn(linkIn(mail));
}

describe("joining from an invitation's link", () => {
  it("shows who invited which address to which team, makes the account without a confirmation e-mail, and lands in the team with its blockers", async () => {
    const email = makeEmail("bob");
    const token = await blockerOnNewcomer(email, "API spec for payments");
    const bob = server.client();

    const preview = await bob.request(`/api/join/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({ email, teamName: "Acme Payments", inviterName: "Alice", hasAccount: false });

    const weak = await bob.request(`/api/join/${token}`, { method: "POST", json: { fullName: "Bob Stone", password: "password1", timezone: "Europe/Paris" } });
    expect(weak.status).toBe(422);
    expect(weak.json).toMatchObject({ code: "weak_password", weak_password: { reasons: ["common"] } });
    const unnamed = await bob.request(`/api/join/${token}`, { method: "POST", json: { fullName: "  ", password: STRONG_PASSWORD, timezone: "Mars/Olympus" } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json).toMatchObject({ code: "validation_failed", fields: { fullName: [expect.any(String)], timezone: ["Unknown time zone"] } });
    expect(bob.hasCookie("better-auth.session_token")).toBe(false);

    const mailsBefore = server.mail.mails.filter((mail) => mail.to === email).length;
    const joined = await bob.request(`/api/join/${token}`, { method: "POST", json: { fullName: "Bob Stone", password: STRONG_PASSWORD, timezone: "America/New_York" } });
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({ team: { name: "Acme Payments" } });

    // Signed in, onboarded, in the team, with the blocker waiting on him.
    const profile = await okJson(bob.api.profile.$get());
    expect(profile).toMatchObject({ email, fullName: "Bob Stone", timezone: "America/New_York", onboardedAt: expect.any(String) });
    expect(await okJson(bob.api.team.$get())).toMatchObject({ name: "Acme Payments", role: "member" });
    const dashboard = await okJson(bob.api.dashboard.$get({ query: {} }));
    expect(dashboard.waitingOnMe.items.map((card) => card.title)).toEqual(["API spec for payments"]);
    // The link proved the address: no confirmation e-mail went out, and the account is confirmed.
    expect(server.mail.mails.filter((mail) => mail.to === email)).toHaveLength(mailsBefore);
    const session = await bob.request("/api/auth/get-session");
    expect(session.json).toMatchObject({ user: { email, emailVerified: true } });

    // The invitation is spent: the link now names nothing.
    expect((await server.client().request(`/api/join/${token}`)).status).toBe(404);
    expect((await server.client().request(`/api/join/${token}`, { method: "POST", json: { fullName: "Eve", password: STRONG_PASSWORD, timezone: "Europe/Paris" } })).status).toBe(404);
  });

  it("sends someone who already has an account to sign in, and makes nothing", async () => {
    const carol = server.client();
    const { email } = await signUp(carol, { mail: server.mail });
    const token = await blockerOnNewcomer(email, "Review the contract");
    const visitor = server.client();
    expect((await visitor.request(`/api/join/${token}`)).json).toMatchObject({ email, hasAccount: true });
    const refused = await visitor.request(`/api/join/${token}`, { method: "POST", json: { fullName: "Not Carol", password: STRONG_PASSWORD, timezone: "Europe/Paris" } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "account_exists" });
    expect(visitor.hasCookie("better-auth.session_token")).toBe(false);
    // The invitation still waits for Carol herself.
    expect((await visitor.request(`/api/join/${token}`)).status).toBe(200);
  });

  it("answers a token that names no invitation with 404, and limits guesses like wrong codes", async () => {
    const guesser = server.client();
    const answers: number[] = [];
    for (let guess = 0; guess < 40 && !answers.includes(429); guess++) answers.push((await guesser.request(`/api/join/guess${guess}`)).status);
    expect(answers[0]).toBe(404);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 404)).toBe(true);
  });
});
