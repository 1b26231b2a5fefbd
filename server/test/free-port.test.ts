// A server whose port was taken gives the port back cleanly, and the test servers then start on another one.
import { createServer, type AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { startServer } from "../start-server.ts";
import { onAFreePort } from "./free-port.ts";

const taken = createServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-port-"));
afterAll(() => {
  taken.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function takeAPort() {
  await new Promise<void>((resolve) => taken.listen(0, resolve));
  return (taken.address() as AddressInfo).port;
}

describe("a port taken by someone else", () => {
  it("makes startServer fail with EADDRINUSE, with its database closed so the same data can be opened again, and onAFreePort tries another port", async () => {
    const port = await takeAPort();
    const config = (at: number) => loadConfig({ PORT: String(at), DATA_DIR: dataDir, AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth", LOG_LEVEL: "silent" });
    await expect(startServer(config(port), { scheduleReminders: false })).rejects.toMatchObject({ code: "EADDRINUSE" });

    const ports: number[] = [];
    const server = await onAFreePort(async (free) => {
      const at = ports.length === 0 ? port : free; // the first try meets the taken port, as a race would
      ports.push(at);
      return startServer(config(at), { scheduleReminders: false });
    });
    try {
      expect(ports.length).toBe(2);
      expect(server.port).toBe(ports[1]);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
