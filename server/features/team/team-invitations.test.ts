// An invitation's life, with real e-mails through the SMTP server in the test: sent (one or many, with a role),
// listed, sent again, revoked, expired, declined, and accepted by someone new and by someone already in a team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationTokenIn, makeEmail, makeTeam, okJson, signUp, testClock, type Teammate } from "../../test/factories.ts";
import { linkIn } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
// The real time: better-auth dates an invitation by the wall clock, and Holdup's expiry is read by this clock.
const clock = testClock(new Date());
let owner: Teammate, member: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock });
  [owner, member] = (await makeTeam(server, ["Ola", "Max"], "Lifecycle")) as [Teammate, Teammate];
});
afterAll(() => server?.stop());

type Pending = { id: string; email: string; role: string; expired: boolean; link: string; inviterName: string; allowed: { resend: boolean; revoke: boolean } };
const pendingOf = async (who: Teammate) => (await who.client.request("/api/team/invitations")).json as { items: Pending[]; invitableRoles: string[] };
const mailTo = (email: string, after = 0) => server.mail.waitFor(email, (mail) => mail.subject.includes("invited you to Lifecycle") && server.mail.mails.indexOf(mail) >= after);

/** Someone new signs up with the address, confirming it from the e-mail. */
async function newcomer(email: string) {
  const client = server.client();
  await signUp(client, { email, mail: server.mail });
  return client;
}

describe("the team's invitations", () => {
  it("go out to many addresses at once, with a role, and are listed with their links", async () => {
    const [first, second] = [makeEmail("first"), makeEmail("second")];
    const sent = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [first, second], role: "admin" } }));
    expect(sent.outcomes.map((outcome) => outcome.invited)).toEqual([true, true]);
    await mailTo(first);
    await mailTo(second);
    const { items, invitableRoles } = await pendingOf(owner);
    expect(invitableRoles).toEqual(["member", "admin"]);
    expect(items.filter((item) => [first, second].includes(item.email)).map((item) => [item.role, item.expired, item.allowed])).toEqual([
      ["admin", false, { resend: true, revoke: true, sentByViewer: true }],
      ["admin", false, { resend: true, revoke: true, sentByViewer: true }],
    ]);
  });

  it("refuse a bad address with the field, a member inviting an admin, and an address already in the team", async () => {
    const bad = await member.client.request("/api/team/invitations", { json: { emails: ["not-an-address"] } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ fields: { "emails.0": [expect.any(String)] } });
    const asAdmin = await member.client.request("/api/team/invitations", { json: { emails: [makeEmail("boss")], role: "admin" } });
    expect([asAdmin.status, (asAdmin.json as { code: string }).code]).toEqual([403, "role_not_allowed"]);
    const asOwner = await owner.client.request("/api/team/invitations", { json: { emails: [makeEmail("boss")], role: "owner" } });
    expect(asOwner.status).toBe(400);
    const already = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [member.email] } }));
    expect(already.outcomes).toEqual([{ email: member.email, invited: false, message: expect.stringMatching(/already a member/i) }]);
  });

  it("are sent again (the same link, a new e-mail), and a member sees and resends only their own", async () => {
    const email = makeEmail("resent");
    const before = server.mail.mails.length;
    await okJson(member.client.api.team.invitations.$post({ json: { emails: [email] } }));
    const oldToken = invitationTokenIn(linkIn(await mailTo(email, before)));
    expect((await pendingOf(member)).items.map((item) => item.email)).toEqual([email]);
    const resentAt = server.mail.mails.length;
    const resent = await member.client.request(`/api/team/invitations/${oldToken}/resend`, { method: "POST" });
    expect(resent.status, resent.text).toBe(200);
    expect(invitationTokenIn(linkIn(await mailTo(email, resentAt)))).toBe(oldToken);
    expect((await owner.client.request(`/api/team/invitations/${oldToken}/resend`, { method: "POST" })).status).toBe(200); // owners resend anyone's
    const invitee = await newcomer(email);
    const listed = (await invitee.request("/api/invitations")).json as { id: string }[];
    expect(listed.map((invitation) => invitation.id)).toEqual([oldToken]);
    expect((await invitee.request(`/api/invitations/${oldToken}/accept`, { json: {} })).status).toBe(200);
  });

  it("are revoked by owners and admins: the link then leads nowhere", async () => {
    const email = makeEmail("revoked");
    const { outcomes } = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [email] } }));
    const token = invitationTokenIn(outcomes[0]?.invited ? outcomes[0].link : "");
    expect((await member.client.request(`/api/team/invitations/${token}`, { method: "DELETE" })).json).toMatchObject({ code: "revoke_not_allowed" });
    expect((await owner.client.request(`/api/team/invitations/${token}`, { method: "DELETE" })).status).toBe(200);
    expect((await pendingOf(owner)).items.map((item) => item.email)).not.toContain(email);
    const invitee = await newcomer(email);
    expect((await invitee.request("/api/invitations")).json).toEqual([]);
    const accepted = await invitee.request(`/api/invitations/${token}/accept`, { json: { token } });
    expect([accepted.status, (accepted.json as { code: string }).code]).toEqual([404, "invitation_not_found"]);
  });

  it("expire after 7 days", async () => {
    const email = makeEmail("late");
    const { outcomes } = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [email] } }));
    const token = invitationTokenIn(outcomes[0]?.invited ? outcomes[0].link : "");
    const invitee = await newcomer(email);
    // better-auth dates the invitation by the wall clock, a moment after this test's clock was set: a minute more.
    clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
    try {
      expect((await pendingOf(owner)).items.find((item) => item.email === email)?.expired).toBe(true);
      expect((await invitee.request("/api/invitations")).json).toEqual([]);
      expect((await invitee.request(`/api/invitations/${token}/accept`, { json: { token } })).status).toBe(404);
    } finally {
      clock.advance(-(7 * 24 * 60 * 60 * 1000 + 60_000));
    }
  });
});

describe("invitations received (/invites)", () => {
  it("are listed to someone already in a team, from any team, and accepted: they are then in both", async () => {
    const [otherOwner] = (await makeTeam(server, ["Nora"], "Other")) as [Teammate];
    const before = server.mail.mails.length;
    await okJson(otherOwner.client.api.team.invitations.$post({ json: { emails: [member.email] } }));
    await server.mail.waitFor(member.email, (mail) => mail.subject.includes("invited you to Other") && server.mail.mails.indexOf(mail) >= before);
    const received = (await member.client.request("/api/invitations")).json as { id: string; teamName: string; inviterName: string }[];
    expect(received).toEqual([expect.objectContaining({ teamName: "Other" })]);
    const joined = await member.client.request(`/api/invitations/${received[0]?.id}/accept`, { json: {} });
    expect(joined.json).toMatchObject({ name: "Other", role: "member" });
    expect((await okJson(member.client.api.teams.$get())).map((team) => team.name)).toEqual(["Lifecycle", "Other"]);
  });

  it("are declined: gone from both sides, and no longer to be accepted", async () => {
    const email = makeEmail("decliner");
    await okJson(owner.client.api.team.invitations.$post({ json: { emails: [email] } }));
    const invitee = await newcomer(email);
    const [invitation] = (await invitee.request("/api/invitations")).json as { id: string }[];
    // Someone else cannot decline it for them.
    expect((await member.client.request(`/api/invitations/${invitation?.id}/decline`, { json: {} })).status).toBe(404);
    expect((await invitee.request(`/api/invitations/${invitation?.id}/decline`, { json: {} })).status).toBe(200);
    expect((await invitee.request("/api/invitations")).json).toEqual([]);
    expect((await pendingOf(owner)).items.map((item) => item.email)).not.toContain(email);
    expect((await invitee.request(`/api/invitations/${invitation?.id}/accept`, { json: {} })).status).toBe(404);
  });
});
