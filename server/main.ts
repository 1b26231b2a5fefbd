// The server's entry point (run by `npm start` through scripts/start.mjs): reads the configuration,
// starts the server, stops it cleanly on a signal.
import path from "node:path";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { startServer } from "./start-server.ts";

const webDir = path.resolve("dist/web");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let server;
  try {
    server = await startServer(config, { webDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") fail(`Port ${config.port} is already in use: stop what uses it, or set PORT to another port.`);
    throw error;
  }
  console.log(`Holdup is running on ${config.appUrl} (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}${config.smtpUrl ? "" : ", e-mails printed here"})`);

  const shutdown = async (signal: string) => {
    console.log(`${signal} received, stopping…`);
    await server.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => fail(`Holdup could not start: ${error instanceof Error ? error.message : String(error)}`));
