// Live event streams are limited (issue #26, decision 048): ten per person, the eleventh closing the oldest with a
// "reconnect" event, and LIVE_STREAMS_MAX on the instance, past which a stream is answered 503 while the rest of the
// API answers as ever.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../test/factories.ts";
import { openEventStream } from "../test/event-stream.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { STREAMS_PER_HOLDER } from "./stream-limits.ts";

/** Room for one person's ten and three more. */
const INSTANCE_LIMIT = STREAMS_PER_HOLDER + 3;

let server: TestServer;
let alice: Teammate, bob: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: false, environment: { LIVE_STREAMS_MAX: String(INSTANCE_LIMIT) } });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
});
afterAll(() => server?.stop());

describe("live streams", () => {
  it("keep a person's ten newest: the eleventh closes the oldest, which is told to reconnect", async () => {
    const tabs = [];
    try {
      for (let tab = 0; tab < STREAMS_PER_HOLDER; tab++) tabs.push(await openEventStream(alice.client));
      const [oldest, ...others] = tabs;
      tabs.push(await openEventStream(alice.client));
      await oldest?.ended();
      expect(oldest?.received.map((event) => event.event)).toEqual(["ready", "reconnect"]);
      expect(JSON.parse(oldest?.received.at(-1)?.data ?? "null")).toEqual({ reason: "newer_stream" });
      // The others are still open: a change reaches every one of them.
      await makeBlocker(bob, [alice]);
      for (const stream of [...others, tabs.at(-1)]) await stream?.next((event) => event.event === "change");
    } finally {
      for (const stream of tabs) stream.close();
    }
  });

  it("answer 503 past the instance's limit, while every other request is answered", async () => {
    const open = [];
    try {
      for (let tab = 0; tab < STREAMS_PER_HOLDER; tab++) open.push(await openEventStream(alice.client));
      for (let tab = 0; tab < INSTANCE_LIMIT - STREAMS_PER_HOLDER; tab++) open.push(await openEventStream(bob.client));
      const refused = await bob.client.request("/api/events", { headers: { accept: "text/event-stream" } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(refused.json).toMatchObject({ code: "live_updates_full", message: "Live updates are busy right now. Holdup will reconnect shortly." });
      expect((await bob.client.request("/api/dashboard")).status).toBe(200);
      expect((await alice.client.request("/api/dashboard")).status).toBe(200);

      // A stream that ends gives its place back.
      open.pop()?.close();
      await expect.poll(async () => (await openEventStream(bob.client).then((stream) => (open.push(stream), "open"), (error: Error) => error.message))).toBe("open");
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
