// Live events across server instances: two Holdup processes' worth of servers on one PostgreSQL, as behind a
// load balancer. Runs in the PostgreSQL suite (`npm run test:postgres`), where TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../test/factories.ts";
import { aboutBlocker, openEventStream } from "../test/event-stream.ts";
import { startTwoInstances, type TestServer } from "../test/test-server.ts";

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
let first: TestServer, second: TestServer;
let alice: Teammate, bob: Teammate;

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ first, second } = instances);
  [alice, bob] = (await makeTeam(first, ["Alice", "Bob"])) as [Teammate, Teammate];
});
afterAll(() => instances?.stop());

describe("live events across instances", () => {
  it("reach a client connected to another server instance on the same PostgreSQL", async () => {
    const bobOnSecond = await openEventStream(bob.client, second.url);
    try {
      const id = await makeBlocker(alice, [bob]);
      expect(JSON.parse((await bobOnSecond.next(aboutBlocker(id))).data)).toEqual({ kind: "blocker", blockerId: id });
      const aliceOnSecond = await openEventStream(alice.client, second.url);
      await bob.client.post(`/api/blockers/${id}/done`);
      await aliceOnSecond.next(aboutBlocker(id));
      aliceOnSecond.close();
    } finally {
      bobOnSecond.close();
    }
  });
});
