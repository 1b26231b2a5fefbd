// Someone outside the team, named by e-mail on a new blocker: they get an invitation (a real e-mail, caught by the
// test's SMTP server), the card says whom it waits for, and from the moment they join the blocker waits on them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEmail, makeTeam, okJson, signUp, testClock, type Teammate } from "../../test/factories.ts";
import { linkIn } from "../../test/mail-catcher.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { DAY_MS } from "../../../common/durations.ts";

const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate;

type Card = { id: string; invited: string[]; blocking: { person: { id: string }; status: string }[] };
type Dashboard = { counters: { waitingOnMe: number; imWaitingOn: number }; waitingOnMe: { items: Card[] }; imWaitingOn: { items: Card[] } };

const dashboardOf = async (client: Teammate["client"]) => {
  const answer = await client.request("/api/dashboard");
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Dashboard;
};

async function logBlocker(author: Teammate, body: Record<string, unknown>) {
  const answer = await author.client.post("/api/blockers", { title: "Vendor contract", ...body });
  return answer as { status: number; text: string; json: { id: string; invitations: { email: string; invited: boolean }[]; fields?: Record<string, string[]> } };
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
});
afterAll(() => server?.stop());

describe("a blocker on someone outside the team", () => {
  it("invites them, waits for them to join, then waits on them like anyone else", async () => {
    const newcomer = makeEmail("dana");
    const created = await logBlocker(alice, { blockingEmails: [newcomer.toUpperCase()] });
    expect(created.status, created.text).toBe(201);
    expect(created.json.invitations).toEqual([expect.objectContaining({ email: newcomer, invited: true })]);
    const invitation = await server.mail.waitFor(newcomer, (mail) => mail.subject.includes("invited you"));

    // Until Dana joins, Alice's card names her address, and nothing is pending: the counter does not count it.
    const before = await dashboardOf(alice.client);
    expect(before.imWaitingOn.items.find((card) => card.id === created.json.id)).toMatchObject({ invited: [newcomer], blocking: [] });
    expect(before.counters.imWaitingOn).toBe(0);

    // Dana signs up from the invitation and joins the team.
    const dana = server.client();
    await signUp(dana, { email: newcomer, mail: server.mail });
    await okJson(dana.api.onboarding.profile.$post({ json: { fullName: "Dana", timezone: "Europe/Paris" } }));
    const token = new URL(linkIn(invitation)).searchParams.get("invite") ?? "";
    await okJson(dana.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
    const danaProfile = await okJson(dana.api.onboarding.complete.$post());

    const hers = await dashboardOf(dana);
    expect(hers.counters.waitingOnMe).toBe(1);
    expect(hers.waitingOnMe.items.map((card) => card.id)).toEqual([created.json.id]);
    const notifications = (await dana.request("/api/notifications")).json as { items?: { type: string }[] } | { type: string }[];
    expect(JSON.stringify(notifications)).toContain("blocker_assigned");

    const after = await dashboardOf(alice.client);
    expect(after.counters.imWaitingOn).toBe(1);
    expect(after.imWaitingOn.items.find((card) => card.id === created.json.id)).toMatchObject({ invited: [], blocking: [{ person: { id: danaProfile?.id }, status: "pending" }] });
  });

  it("waits on a teammate named by their address without inviting them", async () => {
    clock.advance(DAY_MS); // the Free plan's daily limit
    const created = await logBlocker(alice, { blockingEmails: [bob.email] });
    expect(created.status, created.text).toBe(201);
    expect(created.json.invitations).toEqual([]);
    expect((await dashboardOf(bob.client)).waitingOnMe.items.map((card) => card.id)).toContain(created.json.id);
  });

  it("drops the name of an outsider from a blocker that ended before they joined", async () => {
    const later = makeEmail("erin");
    const created = await logBlocker(alice, { blockingEmails: [later], blockingProfileIds: [bob.profileId] });
    expect(created.status, created.text).toBe(201);
    const invitation = await server.mail.waitFor(later, (mail) => mail.subject.includes("invited you"));
    const cancelled = await alice.client.post(`/api/blockers/${created.json.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);

    const erin = server.client();
    await signUp(erin, { email: later, mail: server.mail });
    await okJson(erin.api.onboarding.profile.$post({ json: { fullName: "Erin", timezone: "Europe/Paris" } }));
    const token = new URL(linkIn(invitation)).searchParams.get("invite") ?? "";
    await okJson(erin.api.invitations[":id"].accept.$post({ param: { id: token }, json: { token } }));
    expect((await dashboardOf(erin)).counters.waitingOnMe).toBe(0);
    const page = (await alice.client.request(`/api/blockers/${created.json.id}`)).json as { invited: string[]; blocking: { person: { id: string } }[] };
    expect(page.invited).toEqual([]);
    expect(page.blocking.map((part) => part.person.id)).toEqual([bob.profileId]);
  });

  it("refuses its author's own address, a malformed one, and nobody at all, naming the field", async () => {
    clock.advance(DAY_MS);
    for (const [body, field] of [
      [{ blockingEmails: [alice.email] }, "blockingEmails"],
      [{ blockingEmails: ["not an address"] }, "blockingEmails.0"],
      [{ blockingEmails: [], blockingProfileIds: [] }, "blockingProfileIds"],
    ] as const) {
      const answer = await logBlocker(alice, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json.fields ?? {})).toContain(field);
    }
  });
});
