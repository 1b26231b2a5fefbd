// The server the e2e tests run against: the built app on a fresh data directory, mail printed to the log.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/start-server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-e2e-"));
const config = loadConfig({ ...process.env, PORT: process.env.E2E_PORT ?? "3100", DATA_DIR: dataDir, SMTP_URL: "", LOG_LEVEL: "warn" });
const server = await startServer(config, { webDir: path.resolve("dist/web") });
console.log(`e2e server ready on ${server.url}`);

const stop = async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
