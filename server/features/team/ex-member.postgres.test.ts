// Two server instances on one PostgreSQL, as behind a load balancer: ending someone's membership on one instance
// closes their event stream on the other at once. Runs in the PostgreSQL suite (`npm run test:postgres`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, okJson, type Teammate } from "../../test/factories.ts";
import { aboutBlocker, openEventStream } from "../../test/event-stream.ts";
import { startTwoInstances, type TestServer } from "../../test/test-server.ts";

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
let first: TestServer, second: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ first, second } = instances);
  [alice, bob, carol] = (await makeTeam(first, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => instances?.stop());

describe("the end of a membership across instances", () => {
  it("closes the person's streams on every instance at once, and only theirs", async () => {
    const teamId = (await okJson(alice.client.api.team.$get())).id;
    const bobOnSecond = await openEventStream(bob.client, second.url);
    const bobOnFirst = await openEventStream(bob.client, first.url);
    const carolOnSecond = await openEventStream(carol.client, second.url);
    const aliceOnSecond = await openEventStream(alice.client, second.url);
    const waitingOnBob = await makeBlocker(alice, [bob]);
    try {
      const removed = await alice.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: bob.email, organizationId: teamId });
      expect(removed.status, removed.text).toBe(200);
      await Promise.all([bobOnSecond.ended(), bobOnFirst.ended()]);
      const aboutWaitingOnBob = () => aliceOnSecond.received.filter(aboutBlocker(waitingOnBob)).length;
      // Alice hears of the blocker twice: logged, then no longer waiting on Bob.
      await aliceOnSecond.next((event) => aboutBlocker(waitingOnBob)(event) && aboutWaitingOnBob() === 2);

      const left = await carol.client.post("/api/auth/organization/leave", { organizationId: teamId });
      expect(left.status, left.text).toBe(200);
      await carolOnSecond.ended();

      // Alice is still in the team: her stream on the same instance stays open and keeps receiving.
      expect((await alice.client.post(`/api/blockers/${waitingOnBob}/comments`, { body: "Who takes this over?" })).status).toBe(201);
      await aliceOnSecond.next((event) => aboutBlocker(waitingOnBob)(event) && aboutWaitingOnBob() === 3);
    } finally {
      for (const stream of [bobOnSecond, bobOnFirst, carolOnSecond, aliceOnSecond]) stream.close();
    }
  });
});
