import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEmail, makeTeam, okJson, onboard, signUp } from "../../test/factories.ts";
import { linkIn } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: true });
});
afterAll(() => server?.stop());

describe("onboarding", () => {
  it("starts with no name, no team and onboarded_at empty", async () => {
    const client = server.client();
    const { email } = await signUp(client, { mail: server.mail });
    const state = await client.api.onboarding.$get({ query: {} });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ profile: { email, fullName: null, onboardedAt: null }, team: null, invitations: [] });
  });

  it("goes name → team → done, sets onboarded_at, and the team card shows the real team", async () => {
    const client = server.client();
    await signUp(client, { mail: server.mail });
    const early = await client.api.onboarding.complete.$post();
    expect(early.status).toBe(409);

    const profile = await onboard(client, { fullName: "Dana Scully", teamName: "Platform" });
    expect(profile).toMatchObject({ fullName: "Dana Scully", timezone: "Europe/Paris" });
    expect(profile?.onboardedAt).toBeTruthy();

    const team = await client.api.team.$get();
    expect(await team.json()).toMatchObject({ name: "Platform", memberCount: 1, role: "owner" });
    const again = await client.api.onboarding.team.$post({ json: { name: "Second team" } });
    expect(again.status).toBe(409);
  });

  it("validates each step with zod and names the field at fault", async () => {
    const client = server.client();
    await signUp(client, { mail: server.mail });
    const badName = await client.request("/api/onboarding/profile", { method: "POST", json: { fullName: "   ", timezone: "Mars/Olympus" } });
    expect(badName.status).toBe(400);
    expect(badName.json).toMatchObject({ code: "validation_failed", fields: { fullName: [expect.any(String)], timezone: ["Unknown time zone"] } });
    const badTeam = await client.request("/api/onboarding/team", { method: "POST", json: { name: "x".repeat(81) } });
    expect(badTeam.status).toBe(400);
    expect(badTeam.json).toMatchObject({ fields: { name: [expect.any(String)] } });
    const malformed = await client.request("/api/onboarding/team", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it("lets an invited person join the team instead of creating one, and mails the invitation", async () => {
    const owner = server.client();
    await signUp(owner, { mail: server.mail });
    await onboard(owner, { fullName: "Owner Person", teamName: "Growth" });

    const inviteeEmail = makeEmail("invitee");
    const invited = await owner.api.team.invitations.$post({ json: { emails: [inviteeEmail, "not-an-email"] } });
    expect(invited.status).toBe(400);
    const sent = await owner.api.team.invitations.$post({ json: { emails: [inviteeEmail] } });
    expect(await sent.json()).toEqual({ outcomes: [{ email: inviteeEmail, invited: true, link: expect.stringContaining("/signup?invite=") }] });
    const invitationMail = await server.mail.waitFor(inviteeEmail, (mail) => mail.subject.includes("Growth"));
    expect(invitationMail.text).toContain("Owner Person");

    const invitee = server.client();
    await signUp(invitee, { email: inviteeEmail, mail: server.mail });
    // The address is confirmed (SMTP is configured): that is proof enough, no token from the link needed.
    const state = await okJson(invitee.api.onboarding.$get({ query: {} }));
    expect(state.invitations).toHaveLength(1);
    expect(state.invitations[0]).toMatchObject({ teamName: "Growth", inviterName: "Owner Person" });
    // The e-mail's link carries the invitation's token, and the address for the sign-up form.
    const link = new URL(linkIn(invitationMail));
    expect(link.pathname).toBe("/signup");
    expect(Object.fromEntries(link.searchParams)).toEqual({ invite: state.invitations[0]?.id, email: inviteeEmail });

    const joined = await invitee.api.invitations[":id"].accept.$post({ param: { id: state.invitations[0]?.id ?? "" }, json: {} });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ name: "Growth", memberCount: 2, role: "member" });
  });

  it("lets a member invite teammates too, always as members, and keeps cancelling with owners and admins", async () => {
    const [, member] = await makeTeam(server, ["Olga", "Mia"], "Design");
    const inviteeEmail = makeEmail("invited-by-a-member");
    const sent = await okJson(member!.client.api.team.invitations.$post({ json: { emails: [inviteeEmail] } }));
    expect(sent.outcomes).toEqual([{ email: inviteeEmail, invited: true, link: expect.stringContaining("/signup?invite=") }]);
    await server.mail.waitFor(inviteeEmail, (mail) => mail.subject.includes("Design"));
    // better-auth's own endpoints stay closed to a member: no inviting as admin, no cancelling.
    const asAdmin = await member!.client.post("/api/auth/organization/invite-member", { email: makeEmail("alt"), role: "admin" });
    expect(asAdmin.status).toBe(403);
    const invitationId = new URL(sent.outcomes[0]?.invited ? sent.outcomes[0].link : "http://x").searchParams.get("invite");
    const cancelled = await member!.client.post("/api/auth/organization/cancel-invitation", { invitationId });
    expect(cancelled.status).toBe(403);
  });

  it("answers 404 for an invitation that is not this person's", async () => {
    const owner = server.client();
    await signUp(owner, { mail: server.mail });
    await onboard(owner, { teamName: "Private" });
    await owner.api.team.invitations.$post({ json: { emails: [makeEmail("someone-else")] } });
    const stranger = server.client();
    await signUp(stranger, { mail: server.mail });
    const ownerInvitations = await server.deps.db.query.invitation.findMany();
    const target = ownerInvitations.at(-1);
    const response = await stranger.api.invitations[":id"].accept.$post({ param: { id: target?.id ?? "" }, json: { token: target?.id ?? "" } });
    expect(response.status).toBe(404);
  });
});

describe("guards", () => {
  it("answers 401 to every signed-in route without a session", async () => {
    const anonymous = server.client();
    for (const path of ["/api/profile", "/api/team", "/api/counters", "/api/onboarding"]) {
      const response = await anonymous.request(path);
      expect(response.status, path).toBe(401);
      expect(response.json).toMatchObject({ message: "Auth session missing" });
    }
    expect((await anonymous.request("/api/onboarding/complete", { method: "POST" })).status).toBe(401);
  });

  it("answers the profile with 404 'Profile not found' when the row is missing", async () => {
    const client = server.client();
    const { email } = await signUp(client, { mail: server.mail });
    const { profiles } = await import("../../db/schema.ts");
    const { eq } = await import("drizzle-orm");
    await server.deps.db.delete(profiles).where(eq(profiles.email, email));
    const response = await client.request("/api/profile");
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ message: "Profile not found" });
  });
});
