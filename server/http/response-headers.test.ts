// Headers set by setResponseHeaders reach the client whichever way the answer is served: by @hono/node-server (on
// Node's own response, merged with the answer's headers) and by `app.request()` (on Hono's context).
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { setResponseHeaders } from "./response-headers.ts";

const app = new Hono()
  .use(async (c, next) => {
    setResponseHeaders(c, { "RateLimit-Remaining": "41", "RateLimit-Policy": "42;w=60" });
    await next();
  })
  .get("/", (c) => c.json({ ok: true }, 200, { "X-Answer": "its own" }))
  .get("/refused", (c) => c.json({ code: "nope" }, 429));

const servers: { close: () => void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function served() {
  const port = await new Promise<number>((resolve) => servers.push(serve({ fetch: app.fetch, port: 0 }, (info) => resolve(info.port))));
  return `http://127.0.0.1:${port}`;
}

describe("setResponseHeaders", () => {
  it("sets the headers on Node's response beside the answer's own, on every status", async () => {
    const url = await served();
    const ok = await fetch(`${url}/`);
    expect([ok.status, ok.headers.get("ratelimit-remaining"), ok.headers.get("ratelimit-policy"), ok.headers.get("x-answer"), ok.headers.get("content-type")]).toEqual([200, "41", "42;w=60", "its own", "application/json"]);
    expect(await ok.json()).toEqual({ ok: true });
    const refused = await fetch(`${url}/refused`);
    expect([refused.status, refused.headers.get("ratelimit-remaining")]).toEqual([429, "41"]);
  });

  it("sets them on Hono's context when no Node response serves the request", async () => {
    const answer = await app.request("/");
    expect([answer.headers.get("ratelimit-remaining"), answer.headers.get("ratelimit-policy"), answer.headers.get("x-answer")]).toEqual(["41", "42;w=60", "its own"]);
  });
});
