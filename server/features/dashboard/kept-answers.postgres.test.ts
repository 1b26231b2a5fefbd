// Answers kept in memory on two server instances sharing one PostgreSQL, as behind a load balancer (decision 028):
// a change made through one instance makes the other's kept answers stale as soon as its notice arrives, and while
// the connection that hears those notices is lost, no instance serves a kept answer. Runs in `npm run test:postgres`.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers } from "../../db/schema.ts";
import { makeBlocker, makeTeam, type Teammate } from "../../test/factories.ts";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { startTwoInstances, type TestServer } from "../../test/test-server.ts";

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
let first: TestServer, second: TestServer;
let alice: Teammate, bob: Teammate;

type Dashboard = { waitingOnMe: { items: { id: string; title: string }[] } };

/** Bob's dashboard as the second instance answers it. */
async function titlesOnSecond() {
  const response = await bob.client.fetch(new URL("/api/dashboard", second.url));
  expect(response.status).toBe(200);
  return ((await response.json()) as Dashboard).waitingOnMe.items.map((card) => card.title);
}

const retitleBehindHoldupsBack = (id: string, title: string) => first.deps.db.update(blockers).set({ title }).where(eq(blockers.id, id));

/** The database's connections that LISTEN for Holdup's notices (one per instance). */
async function listeningConnections() {
  const result = (await first.deps.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`)) as unknown as { rows: { pid: number }[] };
  return result.rows.map((row) => row.pid);
}

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ first, second } = instances);
  [alice, bob] = (await makeTeam(first, ["Alice", "Bob"])) as [Teammate, Teammate];
});
afterAll(() => instances?.stop());

describe("answers kept across instances", () => {
  it("are stale on the other instance as soon as it hears of a change made through this one", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Seen on the second" });
    await expect.poll(titlesOnSecond).toContain("Seen on the second");
    await retitleBehindHoldupsBack(id, "Changed underneath");
    expect(await titlesOnSecond()).toContain("Seen on the second"); // kept
    await makeBlocker(alice, [bob], { title: "A change through the first" });
    await expect.poll(titlesOnSecond).toEqual(expect.arrayContaining(["A change through the first", "Changed underneath"]));
  });

  it("are not served while the connection that hears changes is lost, and are again once it is back", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Before the loss" });
    await expect.poll(titlesOnSecond).toContain("Before the loss");
    const listeners = await listeningConnections();
    expect(listeners).toHaveLength(2);
    await first.deps.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in ${sql`(${sql.join(listeners.map((pid) => sql`${pid}`), sql`, `)})`}`);
    // Changes made now are heard by nobody; a change the second instance would never hear of is still seen there.
    await retitleBehindHoldupsBack(id, "During the loss");
    await expect.poll(titlesOnSecond).toContain("During the loss");
    // The connections are opened again (1 s later), and the instances hear each other: live events flow again.
    await expect.poll(async () => (await listeningConnections()).filter((pid) => !listeners.includes(pid)).length, { timeout: 10_000 }).toBe(2);
    const bobOnSecond = await openEventStream(bob.client, second.url);
    try {
      const after = await makeBlocker(alice, [bob], { title: "After the loss" });
      await bobOnSecond.next(aboutBlocker(after));
    } finally {
      bobOnSecond.close();
    }
    expect(await titlesOnSecond()).toContain("After the loss");
    await retitleBehindHoldupsBack(id, "Kept again");
    expect(await titlesOnSecond()).toContain("During the loss"); // kept once more
  });
});
