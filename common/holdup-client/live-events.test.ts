// The live stream's client on a bad network: a local server stands in for one that fails, goes silent or drops the
// connection (the happy path and signing out are tested against Holdup itself: server/auth/device-grant.test.ts).
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { followLiveEvents, parseServerSentEvents, type StreamState } from "./live-events.ts";

describe("reading server-sent events", () => {
  it("reads events, skips keep-alive comments, joins data lines, and keeps an event still arriving", () => {
    const { events, rest } = parseServerSentEvents(': keep-alive\n\nevent: ready\ndata: {}\n\nevent: change\r\ndata: {"kind":\r\ndata: "blocker"}\r\n\r\nevent: chan');
    expect(events).toEqual([
      { event: "ready", data: "{}" },
      { event: "change", data: '{"kind":\n"blocker"}' },
    ]);
    expect(rest).toBe("event: chan");
  });
});

type Behaviour = (response: ServerResponse, attempt: number) => void;
const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function standIn(behave: Behaviour) {
  let attempt = 0;
  const server = createServer((request, response) => {
    expect(request.headers.authorization).toBe("Bearer a-token");
    behave(response, attempt++);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const ready = (response: ServerResponse) => {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write("event: ready\ndata: {}\n\n");
};

function follow(baseUrl: string, silenceMs = 60_000) {
  const states: StreamState[] = [];
  let readies = 0;
  const follower = followLiveEvents({ baseUrl, token: "a-token", silenceMs, backoff: { baseMs: 20, maxMs: 100 }, onState: (state) => states.push(state), onEvent: () => undefined, onReady: () => readies++ });
  servers.push({ close: follower.stop });
  return { states, readies: () => readies, kinds: () => states.map((state) => state.kind) };
}

describe("following the stream on a bad network", () => {
  it("says it is offline while the server fails, and is live again, reading afresh, once it answers", async () => {
    const url = await standIn((response, attempt) => {
      if (attempt < 2) return void response.writeHead(500).end();
      ready(response);
    });
    const stream = follow(url);
    await expect.poll(() => stream.kinds().at(-1), { timeout: 5_000 }).toBe("live");
    expect(stream.kinds()).toEqual(["connecting", "offline", "connecting", "offline", "connecting", "live"]);
    expect(stream.states[1]).toMatchObject({ reason: "The server answered 500" });
    expect(stream.readies()).toBe(1);
  });

  it("takes a stream gone silent for longer than the heartbeat allows as lost, and reconnects", async () => {
    const url = await standIn((response) => ready(response)); // then nothing, not even a keep-alive
    const stream = follow(url, 150);
    await expect.poll(() => stream.readies(), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(stream.states.find((state) => state.kind === "offline")).toMatchObject({ reason: "The connection went silent" });
  });

  it("reconnects when the connection drops, and stops for good on a 401", async () => {
    const url = await standIn((response, attempt) => {
      if (attempt === 0) {
        ready(response);
        setTimeout(() => response.destroy(), 20);
      } else response.writeHead(401).end();
    });
    const stream = follow(url);
    await expect.poll(() => stream.kinds().at(-1), { timeout: 5_000 }).toBe("signed-out");
    expect(stream.kinds()).toEqual(["connecting", "live", "offline", "connecting", "signed-out"]);
  });
});
