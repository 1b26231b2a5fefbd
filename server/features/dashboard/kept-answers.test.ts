// The answers kept in memory (decision 028): a member's dashboard, the team board and the member record itself are
// served again until something they were read from changes, and every kind of change is seen at once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers } from "../../db/schema.ts";
import { makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { HOUR_MS } from "../../../common/durations.ts";

const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, mallory: Teammate, oscar: Teammate;
let teamId: string;

type Person = { id: string; fullName: string | null };
type Card = { id: string; title: string; creator: Person; blocking: { person: Person; nextNudgeAt: string | null }[]; can: { cancel: boolean } };
type Dashboard = { waitingOnMe: { items: Card[] }; imWaitingOn: { items: Card[] } };
type Board = { groups: { blockers: Card[] }[] };

async function get<T>(person: Teammate, path: string) {
  const answer = await person.client.request(path);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
}
const dashboardOf = (person: Teammate) => get<Dashboard>(person, "/api/dashboard");
const boardCard = async (person: Teammate, id: string) => (await get<Board>(person, "/api/blockers/team")).groups.flatMap((group) => group.blockers).find((card) => card.id === id);

/** Changes a blocker's title in the database itself, as nothing in Holdup does: no change is marked. */
const retitleBehindHoldupsBack = (id: string, title: string) => server.deps.db.update(blockers).set({ title }).where(eq(blockers.id, id));

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
  [mallory, oscar] = (await makeTeam(server, ["Mallory", "Oscar"], "Elsewhere")) as [Teammate, Teammate];
  teamId = (await okJson(alice.client.api.team.$get())).id;
});
afterAll(() => server?.stop());

describe("answers kept in memory", () => {
  it("serve a dashboard again until something in the team changes, whatever other teams do", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Kept title" });
    expect((await dashboardOf(bob)).waitingOnMe.items.map((card) => card.title)).toContain("Kept title");
    await retitleBehindHoldupsBack(id, "Changed underneath");
    // Served from memory: the change nothing marked is not seen (this is what proves the answer was kept).
    expect((await dashboardOf(bob)).waitingOnMe.items.map((card) => card.title)).toContain("Kept title");
    await makeBlocker(mallory, [oscar], { title: "Another team's change" });
    expect((await dashboardOf(bob)).waitingOnMe.items.map((card) => card.title)).toContain("Kept title");
    // Any change in the team (Carol comments on something else) and the dashboard is read again.
    const other = await makeBlocker(carol, [alice]);
    expect((await carol.client.post(`/api/blockers/${other}/comments`, { body: "Any news?" })).status).toBe(201);
    expect((await dashboardOf(bob)).waitingOnMe.items.map((card) => card.title)).toContain("Changed underneath");
  });

  it("show a teammate's new name at once", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Name on the card" });
    const creatorOnBobs = async () => (await dashboardOf(bob)).waitingOnMe.items.find((card) => card.id === id)?.creator.fullName;
    expect(await creatorOnBobs()).toBe("Alice");
    const renamed = await alice.client.request("/api/profile", { method: "PATCH", json: { fullName: "Alicia" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await creatorOnBobs()).toBe("Alicia");
    expect((await alice.client.request("/api/profile", { method: "PATCH", json: { fullName: "Alice" } })).status).toBe(200);
  });

  it("follow a role change at once: the new admin may do what admins do, and the board offers it", async () => {
    const carols = await makeBlocker(carol, [alice], { title: "Carol's own" });
    expect((await boardCard(bob, carols))?.can.cancel).toBe(false);
    expect((await bob.client.post(`/api/blockers/${carols}/cancel`)).status).toBe(403);
    const { members } = (await alice.client.request(`/api/auth/organization/list-members?organizationId=${teamId}`)).json as { members: { id: string; user: { email: string } }[] };
    const bobsMembership = members.find((row) => row.user.email === bob.email)?.id;
    const promoted = await alice.client.post("/api/auth/organization/update-member-role", { memberId: bobsMembership, role: "admin", organizationId: teamId });
    expect(promoted.status, promoted.text).toBe(200);
    expect((await boardCard(bob, carols))?.can.cancel).toBe(true);
    expect((await bob.client.post(`/api/blockers/${carols}/cancel`)).status).toBe(200);
  });

  it("read again when a time they show passes with nothing changed: the next nudge becomes allowed", async () => {
    const id = await makeBlocker(carol, [bob], { title: "Nudge me later" });
    expect((await carol.client.post(`/api/blockers/${id}/nudge`, { profileId: bob.profileId })).status).toBe(200);
    const nextNudge = async () => (await dashboardOf(carol)).imWaitingOn.items.find((card) => card.id === id)?.blocking[0]?.nextNudgeAt;
    expect(await nextNudge()).toEqual(new Date(clock.now().getTime() + HOUR_MS).toISOString());
    const nextNudgeOnBoard = async () => (await boardCard(carol, id))?.blocking[0]?.nextNudgeAt;
    expect(await nextNudgeOnBoard()).toEqual(new Date(clock.now().getTime() + HOUR_MS).toISOString());
    clock.advance(HOUR_MS);
    expect(await nextNudge()).toBeNull();
    expect(await nextNudgeOnBoard()).toBeNull();
  });
});
