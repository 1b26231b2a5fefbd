// Without SMTP nobody's e-mail address is confirmed, so anyone can sign up with the address an invitation was sent
// to. Seeing and accepting an invitation then takes the token of the invitation's link (decision 018).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invitation } from "../../db/schema.ts";
import { invitationTokenIn, makeEmail, makeTeam, okJson, signUp, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let owner: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [owner] = (await makeTeam(server, ["Owner"], "Checkout")) as [Teammate];
});
afterAll(() => server?.stop());

/** Invites a new address; returns it and the link the inviter is given to pass on (no e-mail goes out). */
async function inviteNewHire() {
  const email = makeEmail("newhire");
  const { outcomes } = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [email] } }));
  const [outcome] = outcomes;
  if (!outcome?.invited) throw new Error(`not invited: ${JSON.stringify(outcome)}`);
  return { email, token: invitationTokenIn(outcome.link) };
}

async function signedUpAs(email: string) {
  const client = server.client();
  await signUp(client, { email });
  await okJson(client.api.onboarding.profile.$post({ json: { fullName: "New Hire", timezone: "Europe/Paris" } }));
  return client;
}

describe("an invitation, without SMTP", () => {
  it("is the inviter's to pass on: its link carries the invitation's id as the token", async () => {
    const { email, token } = await inviteNewHire();
    const [stored] = await server.deps.db.select().from(invitation).where(eq(invitation.email, email));
    expect(token).toBe(stored?.id);
    // 32 characters of [A-Za-z0-9] from a cryptographic source: about 190 bits, not guessable.
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("is neither listed to nor accepted by someone who merely signed up with its address", async () => {
    const { email, token } = await inviteNewHire();
    const stranger = await signedUpAs(email);
    const state = await okJson(stranger.api.onboarding.$get({ query: {} }));
    expect(state.invitations).toEqual([]);
    expect((await okJson(stranger.api.onboarding.$get({ query: { invite: "x".repeat(32) } }))).invitations).toEqual([]);

    // Even knowing the invitation's id some other way, accepting without the link's token is refused.
    const accepted = await stranger.api.invitations[":id"].accept.$post({ param: { id: token }, json: {} });
    expect(accepted.status).toBe(403);
    expect(await accepted.json()).toMatchObject({ code: "invitation_link_required" });
    expect((await stranger.api.team.$get()).status).toBe(403); // in no team: team_not_found, like every team route
  });

  it("is refused through better-auth's own invitation endpoints to an unconfirmed address", async () => {
    const { email, token } = await inviteNewHire();
    const stranger = await signedUpAs(email);
    const attempts = [
      stranger.post("/api/auth/organization/accept-invitation", { invitationId: token }),
      stranger.post("/api/auth/organization/reject-invitation", { invitationId: token }),
      stranger.request(`/api/auth/organization/get-invitation?id=${token}`),
      stranger.request("/api/auth/organization/list-user-invitations"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, response.text).toBe(403);
      expect(response.json).toMatchObject({ message: expect.any(String) });
    }
    expect((await stranger.api.team.$get()).status).toBe(403); // in no team: team_not_found, like every team route
    const [stored] = await server.deps.db.select().from(invitation).where(eq(invitation.id, token));
    expect(stored?.status).toBe("pending");
  });

  it("is listed and accepted with the token of its link, as the web app carries it from the sign-up page", async () => {
    const { email, token } = await inviteNewHire();
    const newHire = await signedUpAs(email);
    const state = await okJson(newHire.api.onboarding.$get({ query: { invite: token } }));
    expect(state.invitations).toEqual([expect.objectContaining({ id: token, teamName: "Checkout" })]);
    const joined = await okJson(newHire.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
    expect(joined).toMatchObject({ name: "Checkout", role: "member" });
  });

  it("is not taken with the token of another address's invitation", async () => {
    const first = await inviteNewHire();
    const second = await inviteNewHire();
    const client = await signedUpAs(first.email);
    expect((await okJson(client.api.onboarding.$get({ query: { invite: second.token } }))).invitations).toEqual([]);
    const accepted = await client.api.invitations[":id"].accept.$post({ param: { id: second.token }, json: { token: second.token } });
    expect(accepted.status).toBe(404);
  });
});
