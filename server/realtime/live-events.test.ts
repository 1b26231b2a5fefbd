import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../test/factories.ts";
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

  it("sends first what a page read before its stream opened has missed (since), and nothing older", async () => {
    const clock = testClock();
    const drawing = await startTestServer({ smtp: false, clock });
    try {
      const [olivia, paul] = (await makeTeam(drawing, ["Olivia", "Paul"])) as [Teammate, Teammate];
      const early = await makeBlocker(olivia, [paul], { title: "Before the page was read" });
      clock.advance(1_000);
      // Paul's page is read now; a blocker logged on him before his stream opens is sent when it opens.
      const readAt = clock.now().getTime();
      const missed = await makeBlocker(olivia, [paul], { title: "While the page loaded" });
      const stream = await openEventStream(paul.client, undefined, { since: readAt, on: drawing.deps.events.instanceId });
      try {
        await stream.next(aboutBlocker(missed));
        expect(stream.received.filter(aboutBlocker(early))).toEqual([]);
        // Read on another instance, whose clock may be a little apart: two seconds more.
        const fromElsewhere = await openEventStream(paul.client, undefined, { since: readAt, on: "another-instance" });
        await fromElsewhere.next(aboutBlocker(early));
        fromElsewhere.close();
        // Without `since`, a stream starts with what happens from now on.
        const plain = await openEventStream(paul.client);
        await plain.next((event) => event.event === "ready");
        expect(plain.received.filter((event) => event.event === "change")).toEqual([]);
        plain.close();
      } finally {
        stream.close();
      }
      expect((await paul.client.request("/api/events?since=yesterday")).status).toBe(400);
    } finally {
      await drawing.stop();
    }
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
