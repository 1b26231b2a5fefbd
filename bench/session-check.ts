// Requests per second of the session check behind every signed-in request (requireSession: better-auth's
// signed cookie cache, the database when needed), on PGlite and on PostgreSQL, beside a bare Hono JSON
// endpoint measured in the same run. Both are served from this process; autocannon runs in another.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { requireSession } from "../server/auth/require-session.ts";
import { loadConfig } from "../server/config.ts";
import type { AppEnv } from "../server/http/app-env.ts";
import { startServer } from "../server/start-server.ts";
import { BrowserLikeClient } from "../server/test/browser-like-client.ts";
import { makeEmail, STRONG_PASSWORD } from "../server/test/people.ts";
import { freePort, load, type LoadResult } from "./measure.ts";

export type SessionCheckResult = { target: string; result: LoadResult };

async function measureBare(seconds: number, connections: number): Promise<LoadResult> {
  const port = await freePort();
  const bare = serve({ fetch: new Hono().get("/", (c) => c.json({ ok: true })).fetch, port });
  try {
    return await load(`http://127.0.0.1:${port}/`, { connections, seconds });
  } finally {
    bare.close();
  }
}

async function measureSessionCheck(databaseUrl: string | undefined, seconds: number, connections: number): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-session-"));
  const port = await freePort();
  const server = await startServer(loadConfig({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "error" }));
  try {
    const client = new BrowserLikeClient(server.url);
    const signedUp = await client.post("/api/auth/sign-up/email", { email: makeEmail("bench"), password: STRONG_PASSWORD, name: "" });
    if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.text}`);
    const checkPort = await freePort();
    const checked = new Hono<AppEnv>().use(requireSession(server.deps.readSession)).get("/", (c) => c.json({ ok: true, userId: c.get("user").id }));
    const checkServer = serve({ fetch: checked.fetch, port: checkPort });
    try {
      const result = await load(`http://127.0.0.1:${checkPort}/`, { connections, seconds, headers: { cookie: client.cookieHeader } });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`the session check failed ${result.non2xx + result.errors} times`);
      return result;
    } finally {
      checkServer.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function compareSessionCheck(options: { seconds: number; connections: number; databaseUrl: string }): Promise<SessionCheckResult[]> {
  return [
    { target: "bare Hono JSON endpoint", result: await measureBare(options.seconds, options.connections) },
    { target: "session check, PGlite", result: await measureSessionCheck(undefined, options.seconds, options.connections) },
    { target: "session check, PostgreSQL", result: await measureSessionCheck(options.databaseUrl, options.seconds, options.connections) },
  ];
}
