import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../test/factories.ts";
import { aboutBlocker, openEventStream } from "../test/event-stream.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
let alice: Teammate, bob: Teammate, erin: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob, erin] = (await makeTeam(server, ["Alice", "Bob", "Erin"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

describe("live events", () => {
  it("tell everyone involved, on every open stream, and nobody else", async () => {
    const bobFirstTab = await openEventStream(bob.client);
    const bobSecondTab = await openEventStream(bob.client);
    const erinStream = await openEventStream(erin.client);
    try {
      const id = await makeBlocker(alice, [bob]);
      await bobFirstTab.next(aboutBlocker(id));
      await bobSecondTab.next(aboutBlocker(id));
      await bobFirstTab.next((event) => event.data === JSON.stringify({ kind: "notification" }));

      const aliceStream = await openEventStream(alice.client);
      await bob.client.post(`/api/blockers/${id}/done`);
      expect(JSON.parse((await aliceStream.next(aboutBlocker(id))).data)).toEqual({ kind: "blocker", blockerId: id });
      aliceStream.close();
      // Erin is in the team but not on the blocker: her stream stayed quiet.
      expect(erinStream.received.filter((event) => event.event === "change")).toEqual([]);
    } finally {
      for (const stream of [bobFirstTab, bobSecondTab, erinStream]) stream.close();
    }
  });

  it("lets the server stop while streams are open, ending them", async () => {
    const stopping = await startTestServer({ smtp: false });
    const [carol] = (await makeTeam(stopping, ["Carol"])) as [Teammate];
    const stream = await openEventStream(carol.client);
    await stopping.stop(); // hangs (and the test times out) if an open stream holds the server up
    expect(stream.received.map((event) => event.event)).toEqual(["ready"]);
    stream.close();
  });

  it("refuses a stream without a session", async () => {
    const response = await fetch(new URL("/api/events", server.url));
    expect(response.status).toBe(401);
  });

  it("never sends the event of a change that failed", async () => {
    const bobStream = await openEventStream(bob.client);
    try {
      const id = await makeBlocker(alice, [bob]);
      await bobStream.next(aboutBlocker(id));
      const countBefore = bobStream.received.filter(aboutBlocker(id)).length;
      expect((await bob.client.post(`/api/blockers/${id}/resolve`)).status).toBe(403);
      // A later, successful change proves the stream is alive; nothing arrived in between.
      await alice.client.post(`/api/blockers/${id}/comments`, { body: "ping" });
      await bobStream.next((event) => aboutBlocker(id)(event) && bobStream.received.filter(aboutBlocker(id)).length > countBefore);
      expect(bobStream.received.filter(aboutBlocker(id))).toHaveLength(countBefore + 1);
    } finally {
      bobStream.close();
    }
  });
});
