// The dashboard in pages: the first load (counters + both first pages in one request), the pages after it by
// cursor in each order a person can choose, nobody-pending first in "I'm waiting on", and a blocker's end and
// reopening moving it. (What each order puts first: dashboard-order.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_BLOCKERS_PER_DAY } from "../../../common/blockers.ts";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { DAY_MS } from "../../../common/durations.ts";

const BLOCKERS = 55;
const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, outsider: Teammate;
/** Alice's blockers on Bob, oldest first. */
const onBob: string[] = [];

type Card = { id: string; blocking: { status: string }[] };
type Page = { items: Card[]; nextCursor: string | null };
type Dashboard = { counters: { waitingOnMe: number; imWaitingOn: number }; waitingOnMe: Page; imWaitingOn: Page };

async function succeeded(request: Promise<{ status: number; text: string }>) {
  const answer = await request;
  if (answer.status >= 300) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
}

async function get<T>(person: Teammate, path: string) {
  const answer = await person.client.request(path);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as T;
}

/** Every card of a column, page after page, from the dashboard's first page on. */
async function wholeColumn(person: Teammate, column: "waiting-on-me" | "im-waiting-on") {
  const dashboard = await get<Dashboard>(person, "/api/dashboard");
  const pages = [dashboard[column === "waiting-on-me" ? "waitingOnMe" : "imWaitingOn"]];
  while (pages.at(-1)?.nextCursor) pages.push(await get<Page>(person, `/api/blockers/${column}?cursor=${encodeURIComponent(pages.at(-1)?.nextCursor ?? "")}`));
  return { dashboard, pages, ids: pages.flatMap((page) => page.items.map((card) => card.id)) };
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
  [outsider] = (await makeTeam(server, ["Mallory"], "Elsewhere")) as [Teammate];
  for (let index = 0; index < BLOCKERS; index++) {
    if (index > 0 && index % FREE_BLOCKERS_PER_DAY === 0) clock.advance(DAY_MS); // the Free plan's daily limit
    onBob.push(await makeBlocker(alice, [bob], { title: `Blocker ${index}` }));
    clock.advance(1000);
  }
  // Bob declines the two oldest: nobody is pending on them any more, and they wait for Alice to act.
  for (const id of onBob.slice(0, 2)) await succeeded(bob.client.post(`/api/blockers/${id}/decline`, { reason: "Not mine" }));
});
afterAll(() => server?.stop());

describe("the dashboard in pages", () => {
  it("answers both counters and both first pages in one request, 50 cards a page", async () => {
    const dashboard = await get<Dashboard>(bob, "/api/dashboard");
    expect(dashboard.counters).toEqual({ waitingOnMe: BLOCKERS - 2, imWaitingOn: 0 });
    expect(dashboard.waitingOnMe.items).toHaveLength(50);
    expect(dashboard.waitingOnMe.nextCursor).toEqual(expect.any(String));
    expect(dashboard.imWaitingOn).toEqual({ items: [], nextCursor: null });
    expect(await get(bob, "/api/counters")).toEqual(dashboard.counters);
  });

  it("pages through 'Waiting on me' in each order, each card once, ending with no cursor", async () => {
    // All of the same priority with no due date: the priority and due orders put the longest waiting first.
    const expected = { priority: onBob.slice(2), due: onBob.slice(2), oldest: onBob.slice(2), newest: onBob.slice(2).reverse() };
    for (const [order, ids] of Object.entries(expected)) {
      await succeeded(bob.client.request("/api/profile", { method: "PATCH", json: { dashboardOrder: order } }));
      const column = await wholeColumn(bob, "waiting-on-me");
      expect(column.pages.map((page) => page.items.length), order).toEqual([50, BLOCKERS - 2 - 50]);
      expect(column.pages.at(-1)?.nextCursor).toBeNull();
      expect(column.ids, order).toEqual(ids);
    }
  });

  it("refuses a cursor written for another order than the person's", async () => {
    const cursor = (await get<Dashboard>(bob, "/api/dashboard")).waitingOnMe.nextCursor ?? "";
    await succeeded(bob.client.request("/api/profile", { method: "PATCH", json: { dashboardOrder: "priority" } }));
    const answer = await bob.client.request(`/api/blockers/waiting-on-me?cursor=${encodeURIComponent(cursor)}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ fields: { cursor: ["Not a valid list position: reload the list"] } });
  });

  it("puts the blockers nobody is pending on first in 'I'm waiting on', and counts only the others", async () => {
    const { dashboard, ids } = await wholeColumn(alice, "im-waiting-on");
    expect(dashboard.counters.imWaitingOn).toBe(BLOCKERS - 2);
    expect(ids).toEqual(onBob);
    expect(dashboard.imWaitingOn.items.slice(0, 2).every((card) => card.blocking.every((part) => part.status === "declined"))).toBe(true);
  });

  it("takes a blocker off when it ends and puts it back when it is reopened", async () => {
    const newest = onBob.at(-1) ?? "";
    await succeeded(alice.client.post(`/api/blockers/${newest}/resolve`));
    const ended = await wholeColumn(alice, "im-waiting-on");
    expect(ended.ids).not.toContain(newest);
    expect(ended.dashboard.counters.imWaitingOn).toBe(BLOCKERS - 3);
    expect((await wholeColumn(bob, "waiting-on-me")).ids).not.toContain(newest);
    await succeeded(alice.client.post(`/api/blockers/${newest}/reopen`));
    const reopened = await wholeColumn(alice, "im-waiting-on");
    expect(reopened.ids).toContain(newest);
    expect(reopened.dashboard.counters.imWaitingOn).toBe(BLOCKERS - 2);
  });

  it("shows nothing of the team to someone it does not involve, or to another team", async () => {
    for (const person of [carol, outsider]) {
      const dashboard = await get<Dashboard>(person, "/api/dashboard");
      expect(dashboard).toEqual({ counters: { waitingOnMe: 0, imWaitingOn: 0 }, snoozed: { waitingOnMe: 0, imWaitingOn: 0 }, waitingOnMe: { items: [], nextCursor: null }, imWaitingOn: { items: [], nextCursor: null } });
    }
    // Another team's cursor, replayed by an outsider, finds nothing of this team either.
    const cursor = (await get<Dashboard>(bob, "/api/dashboard")).waitingOnMe.nextCursor ?? "";
    expect(await get<Page>(outsider, `/api/blockers/waiting-on-me?cursor=${encodeURIComponent(cursor)}`)).toEqual({ items: [], nextCursor: null });
  });

  it("refuses a cursor it did not write, naming the field", async () => {
    const forged = [
      "not-a-cursor",
      Buffer.from(JSON.stringify([true, "yesterday", "x"])).toString("base64url"),
      Buffer.from(JSON.stringify(["priority", false, false, false, 9, "infinity", "2026-01-01T00:00:00Z", crypto.randomUUID()])).toString("base64url"),
      Buffer.from(JSON.stringify({ createdAt: "2026-01-01T00:00:00Z" })).toString("base64url"),
      "a".repeat(301),
    ];
    for (const cursor of forged) {
      const answer = await bob.client.request(`/api/blockers/waiting-on-me?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.json).toMatchObject({ fields: { cursor: [expect.any(String)] } });
    }
  });
});
