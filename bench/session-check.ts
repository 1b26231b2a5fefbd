// Requests per second of the session check behind every signed-in request (requireSession: better-auth's
// signed cookie cache, the database when needed), on PGlite and on PostgreSQL, beside a bare Hono JSON
// endpoint. All three are served by this process at once and loaded in turns, round after round, by
// autocannon in another process; each round's ratios are taken against that round's bare endpoint, so a
// machine that slows down for a while slows every target alike.
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
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { makeEmail, STRONG_PASSWORD } from "../server/test/people.ts";
import { freePort, load, median, type LoadResult } from "./measure.ts";

export type SessionCheckResult = { target: string; result: LoadResult; ratioToBare: number };

type Target = { name: string; url: string; cookies?: string[]; close: () => Promise<void> };

async function serveApp(fetch: (request: Request) => Response | Promise<Response>) {
  const port = await freePort();
  const server = serve({ fetch, port });
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function bareTarget(): Promise<Target> {
  const app = await serveApp(new Hono().get("/", (c) => c.json({ ok: true })).fetch);
  return { name: "bare Hono JSON endpoint", ...app };
}

async function sessionCheckTarget(name: string, databaseUrl: string | undefined): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-session-"));
  if (!databaseUrl) await copyPgliteTemplate(dataDir);
  const server = await startServer(loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "error" }));
  const client = new BrowserLikeClient(server.url);
  const signedUp = await client.post("/api/auth/sign-up/email", { email: makeEmail("bench"), password: STRONG_PASSWORD, name: "" });
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.text}`);
  const app = await serveApp(new Hono<AppEnv>().use(requireSession(server.deps.readSession)).get("/", (c) => c.json({ ok: true, userId: c.get("user").id })).fetch);
  return {
    name,
    url: app.url,
    cookies: [client.cookieHeader],
    close: async () => {
      await app.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function compareSessionCheck(options: { seconds: number; rounds: number; connections: number; databaseUrl: string; warmUp: boolean }): Promise<SessionCheckResult[]> {
  const targets = [await bareTarget(), await sessionCheckTarget("session check, PGlite", undefined), await sessionCheckTarget("session check, PostgreSQL", options.databaseUrl)];
  try {
    const rounds: LoadResult[][] = [];
    for (let round = 0; round < options.rounds; round++) {
      const results: LoadResult[] = [];
      for (const target of targets) {
        const result = await load(target.url, { connections: options.connections, seconds: options.seconds, cookies: target.cookies, warmUp: options.warmUp && round === 0 });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name} failed ${result.non2xx + result.errors} times`);
        results.push(result);
      }
      rounds.push(results);
    }
    return targets.map((target, index) => {
      const perRound = rounds.map((results) => results[index] as LoadResult);
      const ratios = rounds.map((results) => (results[index]?.requestsPerSecond ?? 0) / (results[0]?.requestsPerSecond ?? 1));
      const typical = [...perRound].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(perRound.length / 2)] as LoadResult;
      return { target: target.name, result: typical, ratioToBare: median(ratios) };
    });
  } finally {
    for (const target of targets) await target.close();
  }
}
