// The server as a process: start, refuse a second one on the same data, survive kill -9, stop cleanly.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BrowserLikeClient } from "./test/browser-like-client.ts";
import { freePort } from "./test/free-port.ts";
import { STRONG_PASSWORD } from "./test/factories.ts";


const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-process-"));
const running: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Started = { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> };

function launch(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env: { ...process.env, LOG_LEVEL: "warn", ...env } });
  running.push(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the server says it is running, or rejects with what it printed if it exits first. */
async function startHoldup(env: Record<string, string>) {
  const started = launch(env);
  await new Promise<void>((resolve, reject) => {
    const check = () => started.output().includes("Holdup is running") && resolve();
    started.child.stdout.on("data", check);
    void started.exited.then((code) => reject(new Error(`exited with ${code}: ${started.output()}`)));
  });
  return started;
}

describe("the server process", () => {
  it("refuses a second server on the same data directory, keeps sign-ups through kill -9, and stops cleanly", async () => {
    const port = await freePort();
    const first = await startHoldup({ PORT: String(port), DATA_DIR: dataDir });
    const client = new BrowserLikeClient(`http://localhost:${port}`);
    const email = "durable@example.com";
    expect((await client.post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" })).status).toBe(200);

    const second = launch({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data directory/);

    first.child.kill("SIGKILL");
    await first.exited;

    const restarted = await startHoldup({ PORT: String(port), DATA_DIR: dataDir });
    const again = new BrowserLikeClient(`http://localhost:${port}`);
    expect((await again.post("/api/auth/sign-in/email", { email, password: STRONG_PASSWORD })).status).toBe(200);

    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "holdup.pid"))).toBe(false);
  }, 120_000);

  it("stops at start with a message naming a bad variable", async () => {
    const bad = launch({ PORT: "not-a-port", DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT: must be a number/);
  });
});
