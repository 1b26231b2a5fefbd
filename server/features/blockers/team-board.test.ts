// The team board: every open blocker of the team, grouped by whom it waits on, sorted and filtered; no other team's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, dan: Teammate;
let onBob: string, urgentOnBoth: string, dueOnCarol: string, declinedByDan: string;

type Board = { total: number; groups: { person: { id: string } | null; count: number; oldestCreatedAt: string; blockers: { id: string }[] }[] };
const board = async (person: Teammate, query = "") => {
  const answer = await person.client.request(`/api/blockers/team${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Board;
};
const shape = (result: Board) => result.groups.map((group) => [group.person?.id ?? null, group.count, group.blockers.map((blocker) => blocker.id)]);

async function succeeded(request: Promise<{ status: number; text: string }>) {
  const answer = await request;
  if (answer.status >= 300) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol, dan] = (await makeTeam(server, ["Alice", "Bob", "Carol", "Dan"])) as [Teammate, Teammate, Teammate, Teammate];
  const [mallory, mike] = (await makeTeam(server, ["Mallory", "Mike"], "Another team")) as [Teammate, Teammate];
  await makeBlocker(mallory, [mike], { title: "Not yours to see" });
  onBob = await makeBlocker(alice, [bob], { title: "Oldest, on Bob" });
  clock.advance(60_000);
  urgentOnBoth = await makeBlocker(alice, [bob, carol], { title: "Urgent, on Bob and Carol", priority: "urgent" });
  clock.advance(60_000);
  dueOnCarol = await makeBlocker(alice, [carol], { title: "Due tomorrow, on Carol" });
  await succeeded(alice.client.request(`/api/blockers/${dueOnCarol}`, { method: "PATCH", json: { dueAt: new Date(clock.now().getTime() + 86_400_000).toISOString() } }));
  clock.advance(60_000);
  declinedByDan = await makeBlocker(alice, [dan], { title: "Declined by Dan" });
  await succeeded(dan.client.post(`/api/blockers/${declinedByDan}/decline`, { reason: "Not mine" }));
  const resolved = await makeBlocker(alice, [bob], { title: "Resolved" });
  await succeeded(alice.client.post(`/api/blockers/${resolved}/resolve`));
});
afterAll(() => server?.stop());

describe("the team board", () => {
  it("groups every open blocker by whom it waits on: the most held-up first, nobody pending last", async () => {
    const result = await board(carol);
    expect(result.total).toBe(4);
    expect(shape(result)).toEqual([
      [bob.profileId, 2, [onBob, urgentOnBoth]],
      [carol.profileId, 2, [urgentOnBoth, dueOnCarol]],
      [null, 1, [declinedByDan]],
    ]);
    const oldestOnBob = (await carol.client.request(`/api/blockers/${onBob}`)).json as { createdAt: string };
    expect(result.groups[0]?.oldestCreatedAt).toBe(oldestOnBob.createdAt);
  });

  it("sorts by priority or by due date, and filters by person and by priority", async () => {
    expect(shape(await board(alice, "?sort=priority"))[0]).toEqual([bob.profileId, 2, [urgentOnBoth, onBob]]);
    expect(shape(await board(alice, "?sort=due"))[1]).toEqual([carol.profileId, 2, [dueOnCarol, urgentOnBoth]]);
    expect(shape(await board(alice, `?person=${carol.profileId}`))).toEqual([[carol.profileId, 2, [urgentOnBoth, dueOnCarol]]]);
    expect(shape(await board(alice, "?priority=urgent"))).toEqual([
      [bob.profileId, 1, [urgentOnBoth]],
      [carol.profileId, 1, [urgentOnBoth]],
    ]);
  });

  it("shows a few cards of each group and the whole group when filtered to its person", async () => {
    clock.advance(24 * 60 * 60 * 1000); // a new day for the Free plan's daily limit
    const more: string[] = [];
    for (const title of ["Third on Bob", "Fourth on Bob"]) {
      more.push(await makeBlocker(carol, [bob], { title }));
      clock.advance(60_000);
    }
    const whole = await board(alice);
    expect(whole.groups[0]).toMatchObject({ person: { id: bob.profileId }, count: 4 });
    expect(whole.groups[0]?.blockers.map((card) => card.id)).toEqual([onBob, urgentOnBoth, more[0]]);
    const bobsOnly = await board(alice, `?person=${bob.profileId}`);
    expect(shape(bobsOnly)).toEqual([[bob.profileId, 4, [onBob, urgentOnBoth, ...more]]]);
    for (const id of more) await succeeded(carol.client.post(`/api/blockers/${id}/cancel`));
  });

  it("refuses an unknown order or filter, naming it", async () => {
    for (const [query, field] of [
      ["?sort=loudest", "sort"],
      ["?priority=whenever", "priority"],
      ["?person=bob", "person"],
    ] as const) {
      const answer = await alice.client.request(`/api/blockers/team${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json).toMatchObject({ fields: { [field]: [expect.any(String)] } });
    }
  });
});
