// Starts a real Holdup server for a test file: its own PGlite directory, or its own database on the
// PostgreSQL named by TEST_DATABASE_URL (CI runs the suite both ways), and a real SMTP catcher.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config.ts";
import type { HostResolver } from "../features/webhooks/send-webhook.ts";
import type { Clock } from "../http/app-env.ts";
import type { EmailRetries } from "../jobs/job-queue.ts";
import { startServer } from "../start-server.ts";
import { BrowserLikeClient } from "./browser-like-client.ts";
import { copyPgliteTemplate, createTestDatabase } from "./database-templates.ts";
import { onAFreePort } from "./free-port.ts";
import { startMailCatcher } from "./mail-catcher.ts";

// Where the suites and benchmarks have always taken it from.
export { createTestDatabase } from "./database-templates.ts";

export type TestServerOptions = {
  /** With SMTP configured, new accounts must confirm their e-mail (the production behaviour). */
  smtp?: boolean;
  clock?: Clock;
  /** Share one database between two servers (the multi-instance tests). */
  databaseUrl?: string;
  /** More configuration, as environment variables (DEFAULT_PLAN=free, say). */
  environment?: Record<string, string>;
  /** Serve a built web app from this folder, as `npm start` serves dist/web. */
  webDir?: string;
  /** Send due reminders every minute, as a real server does; otherwise a test sends them when it moved its clock. */
  scheduleReminders?: boolean;
  /** How a failed e-mail or Slack message is tried again (TEST_EMAIL_RETRIES: three more times, a second apart). */
  emailRetries?: EmailRetries;
  /** How webhooks' host names resolve (a test's own answers instead of DNS). */
  resolveHost?: HostResolver;
};

/** Failing e-mails are tried again within seconds in tests (a real server waits minutes between tries). */
export const TEST_EMAIL_RETRIES = { retryLimit: 3, retryDelay: 1, retryBackoff: false };

export async function startTestServer(options: TestServerOptions = {}) {
  const mail = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-test-"));
  const testDatabase = !options.databaseUrl && process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : undefined;
  if (!options.databaseUrl && !testDatabase) await copyPgliteTemplate(dataDir);
  const { server, config } = await onAFreePort(async (port) => {
    const portConfig = loadConfig({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? testDatabase?.url,
      SMTP_URL: options.smtp === false ? undefined : mail.url,
      AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      // The test clients stand behind a proxy on this machine that names each of them (BrowserLikeClient).
      TRUST_PROXY: "loopback",
      // Each change's e-mail at once and alone, as the tests expect them; the batching tests set their own wait.
      EMAIL_BATCH_SECONDS: "0",
      ...options.environment,
    });
    const started = await startServer(portConfig, { clock: options.clock, webDir: options.webDir, emailRetries: options.emailRetries ?? TEST_EMAIL_RETRIES, scheduleReminders: options.scheduleReminders ?? false, resolveHost: options.resolveHost });
    return { server: started, config: portConfig };
  });
  return {
    url: server.url,
    config,
    mail,
    deps: server.deps,
    client: () => new BrowserLikeClient(server.url),
    stop: async () => {
      await server.stop();
      await mail.close();
      await testDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Two servers on one fresh PostgreSQL database, as behind a load balancer: the multi-instance tests (the PostgreSQL
 * suite, where TEST_DATABASE_URL names the server). Without `smtpUrl` they send no e-mail.
 */
export async function startTwoInstances(options: { smtpUrl?: string } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("This suite needs TEST_DATABASE_URL (run it with `npm run test:postgres`).");
  const database = await createTestDatabase(adminUrl);
  // Both send through one SMTP server when given (what one mailbox receives from the fleet).
  const shared = { databaseUrl: database.url, ...(options.smtpUrl ? { environment: { SMTP_URL: options.smtpUrl } } : { smtp: false }) };
  const first = await startTestServer(shared);
  const second = await startTestServer(shared);
  return {
    first,
    second,
    stop: async () => {
      await first.stop();
      await second.stop();
      await database.drop();
    },
  };
}
