// The dashboard's order (decision 049): the most pressing first — urgent, or overdue whatever its priority — then by
// priority, due date and age; another order kept per person; snoozed blockers at the end of both sides' columns,
// counted apart; snoozes that end inside working hours; no nudge to someone who snoozed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS } from "../../../common/durations.ts";
import { makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

// Monday 2026-11-23 09:00 UTC: 10:00 in Paris, where the team works 09:00–17:00.
const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate;
const ids: Record<string, string> = {};

type Card = { id: string; title: string; blocking: { nextNudgeAt: string | null; snoozedUntil: string | null }[] };
type Page = { items: Card[]; nextCursor: string | null };
type Dashboard = { counters: { waitingOnMe: number; imWaitingOn: number }; snoozed: { waitingOnMe: number; imWaitingOn: number }; waitingOnMe: Page; imWaitingOn: Page };

async function dashboardOf(person: Teammate) {
  const answer = await person.client.request("/api/dashboard");
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Dashboard;
}
const titles = (page: Page) => page.items.map((card) => card.title);

async function setOrder(person: Teammate, dashboardOrder: string) {
  const answer = await person.client.request("/api/profile", { method: "PATCH", json: { dashboardOrder } });
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR_MS).toISOString();
  // Logged in this order, a minute apart: A is the oldest.
  const logged = [
    ["A", "low", null],
    ["B", "normal", inHours(48)],
    ["C", "urgent", null],
    ["D", "high", null],
    ["E", "normal", null],
    ["F", "low", inHours(1)],
  ] as const;
  for (const [title, priority, dueAt] of logged) {
    const answer = await alice.client.post("/api/blockers", { title, priority, blockingProfileIds: [bob.profileId], ...(dueAt ? { dueAt } : {}) });
    if (answer.status !== 201) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
    ids[title] = (answer.json as { id: string }).id;
    clock.advance(60_000);
  }
});
afterAll(() => server?.stop());

describe("the dashboard's order", () => {
  it("puts urgent first, then by priority, the soonest due before none, the oldest first", async () => {
    expect(titles((await dashboardOf(bob)).waitingOnMe)).toEqual(["C", "D", "B", "E", "F", "A"]);
    expect(titles((await dashboardOf(alice)).imWaitingOn)).toEqual(["C", "D", "B", "E", "F", "A"]);
  });

  it("moves an overdue blocker up with the urgent ones once its due date passes", async () => {
    clock.advance(HOUR_MS);
    expect(titles((await dashboardOf(bob)).waitingOnMe)).toEqual(["C", "F", "D", "B", "E", "A"]);
  });

  it("keeps each person's chosen order, for them only", async () => {
    await setOrder(bob, "due");
    expect(titles((await dashboardOf(bob)).waitingOnMe)).toEqual(["F", "B", "C", "D", "E", "A"]);
    await setOrder(bob, "newest");
    expect(titles((await dashboardOf(bob)).waitingOnMe)).toEqual(["F", "E", "D", "C", "B", "A"]);
    await setOrder(bob, "oldest");
    expect(titles((await dashboardOf(bob)).waitingOnMe)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect((await bob.client.request("/api/profile")).json).toMatchObject({ dashboardOrder: "oldest" });
    expect(titles((await dashboardOf(alice)).imWaitingOn)).toEqual(["C", "F", "D", "B", "E", "A"]);
    const refused = await bob.client.request("/api/profile", { method: "PATCH", json: { dashboardOrder: "random" } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ fields: { dashboardOrder: [expect.any(String)] } });
    await setOrder(bob, "priority");
  });
});

describe("a snooze", () => {
  it("ends as the snoozer's next working day starts, and folds the blocker away at the end of both sides' columns", async () => {
    // 11:02 in Paris on Monday: "tomorrow" is Tuesday 09:00 there.
    const snoozed = await bob.client.post(`/api/blockers/${ids.D}/snooze`, { choice: "tomorrow" });
    expect(snoozed.status, snoozed.text).toBe(200);
    expect(snoozed.json).toEqual({ snoozedUntil: "2026-11-24T08:00:00.000Z" });
    const bobs = await dashboardOf(bob);
    expect(titles(bobs.waitingOnMe)).toEqual(["C", "F", "B", "E", "A", "D"]);
    expect(bobs.snoozed).toEqual({ waitingOnMe: 1, imWaitingOn: 0 });
    // The profile card counts pending parts, as the specification defines it: a snoozed one still is.
    expect(bobs.counters).toEqual({ waitingOnMe: 6, imWaitingOn: 0 });
    const alices = await dashboardOf(alice);
    expect(titles(alices.imWaitingOn)).toEqual(["C", "F", "B", "E", "A", "D"]);
    expect(alices.snoozed).toEqual({ waitingOnMe: 0, imWaitingOn: 1 });
  });

  it("cannot be nudged through: the author's card says until when, and the server refuses", async () => {
    const card = (await dashboardOf(alice)).imWaitingOn.items.find((item) => item.id === ids.D);
    expect(card?.blocking[0]).toMatchObject({ snoozedUntil: "2026-11-24T08:00:00.000Z", nextNudgeAt: "2026-11-24T08:00:00.000Z" });
    const nudge = await alice.client.post(`/api/blockers/${ids.D}/nudge`, { profileId: bob.profileId });
    expect(nudge.status).toBe(409);
    expect(nudge.json).toMatchObject({ code: "part_snoozed", snoozedUntil: "2026-11-24T08:00:00.000Z" });
  });

  it("returns the blocker to its place when it ends, with nothing else changing", async () => {
    clock.advance(24 * HOUR_MS);
    const bobs = await dashboardOf(bob);
    expect(titles(bobs.waitingOnMe)).toEqual(["C", "F", "D", "B", "E", "A"]);
    expect(bobs.snoozed.waitingOnMe).toBe(0);
    expect((await alice.client.post(`/api/blockers/${ids.D}/nudge`, { profileId: bob.profileId })).status).toBe(200);
  });

  it("moves a time outside working hours to the start of the next working day", async () => {
    // Tuesday 11:03 in Paris; 23:30 that night is outside Bob's hours.
    const snoozed = await bob.client.post(`/api/blockers/${ids.E}/snooze`, { until: "2026-11-24T22:30:00.000Z" });
    expect(snoozed.json).toEqual({ snoozedUntil: "2026-11-25T08:00:00.000Z" });
    const onADay = await bob.client.post(`/api/blockers/${ids.A}/snooze`, { on: "2026-11-28" });
    expect(onADay.json).toEqual({ snoozedUntil: "2026-11-30T08:00:00.000Z" });
    expect((await dashboardOf(bob)).snoozed.waitingOnMe).toBe(2);
  });

  it("refuses what cannot be a snooze, naming the field", async () => {
    const cases: [unknown, string][] = [
      [{}, "until"],
      [{ choice: "tomorrow", until: "2026-12-01T10:00:00Z" }, "until"],
      [{ choice: "someday" }, "choice"],
      [{ on: "2026-11-24" }, "on"],
      [{ until: "2026-11-20T10:00:00Z" }, "until"],
    ];
    for (const [body, field] of cases) {
      const answer = await bob.client.post(`/api/blockers/${ids.C}/snooze`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json, JSON.stringify(body)).toMatchObject({ fields: { [field]: [expect.any(String)] } });
    }
    // 15:03 in Paris: three hours on is after the working day.
    clock.advance(4 * HOUR_MS);
    const late = await bob.client.post(`/api/blockers/${ids.C}/snooze`, { choice: "later-today" });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ fields: { choice: ["Later today is over: choose tomorrow or a date"] } });
  });
});
