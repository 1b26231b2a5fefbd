// What a request that fails inside the database leaves in the server's log: the request and the failed statement
// (which one, PostgreSQL's code and message) on one line, and nothing of what the person typed. Runs on PGlite,
// and on PostgreSQL when TEST_DATABASE_URL is set: both wrap the failure in drizzle's error, with the parameters.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { onboard, signUp } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false, environment: { LOG_LEVEL: "error" } });
});
afterAll(() => server?.stop());

const EVENT_START = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO|WARN|ERROR) /;

/** Everything written to the console or to stdout/stderr until `stop`, whoever wrote it (ours, PGlite, drizzle). */
function captureOutput() {
  const written: string[] = [];
  const record = (...parts: unknown[]) => void written.push(parts.map(String).join(" "));
  const spies = [
    ...(["log", "info", "warn", "error", "debug"] as const).map((method) => vi.spyOn(console, method).mockImplementation(record)),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (record(Buffer.from(chunk).toString()), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (record(Buffer.from(chunk).toString()), true)),
  ];
  return {
    text: () => written.join("\n"),
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

describe("the log of a request that failed in the database", () => {
  it("names the request and the failed statement on one line, without the name the person typed", async () => {
    const client = server.client();
    await signUp(client);
    await onboard(client);
    // A rule only the database knows, so the update reaches PostgreSQL with the typed name as its parameter and fails.
    await server.deps.db.execute(sql.raw("alter table profiles add constraint full_name_refused check (full_name not like '%Nightingale%')"));

    const output = captureOutput();
    let response;
    try {
      response = await client.request("/api/profile", { method: "PATCH", json: { fullName: "Florence Nightingale\n2030-01-01T00:00:00.000Z ERROR forged line" } });
    } finally {
      output.stop();
    }

    expect(response.status).toBe(500);
    expect(response.json).toMatchObject({ code: "internal_error" });
    const logged = output.text();
    expect(logged).not.toContain("Nightingale");
    expect(logged).not.toContain("forged");
    const lines = logged.split("\n").filter((line) => line !== "");
    const event = lines.find((line) => line.includes("PATCH /api/profile failed"));
    expect(event).toMatch(EVENT_START);
    expect(event).toContain('database statement update "profiles" failed: PostgreSQL 23514 (table profiles, constraint full_name_refused)');
    // Every other line is that event's stack frame, indented: none can pass for an event of its own.
    for (const frame of lines.filter((line) => line !== event)) expect(frame).toMatch(/^ {4}at /);
  });
});
