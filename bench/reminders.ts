// The reminder engine under load (issue #11): how fast 10,000 due reminders are decided (nudge, notification, e-mail
// queued) and delivered to a local SMTP server, and what share of that time is not the SMTP exchange; and how much of a
// core a server with 100,000 open blockers spends on the engine while nothing is due.
import { fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { sendDueReminders } from "../server/features/reminders/send-due-reminders.ts";
import { positionalSql } from "../server/jobs/job-queue.ts";
import { startServer } from "../server/start-server.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { seedReminders } from "../server/test/seed-due-reminders.ts";
import { cpuSeconds, freePort, serverProcessOf } from "./measure.ts";

/** The benchmark's mail server (smtp-sink.ts), in its own process. */
async function startSmtpSink() {
  const child = fork(fileURLToPath(new URL("./smtp-sink.ts", import.meta.url)), { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the mail server exited with ${code}`)));
  });
  const received = () =>
    new Promise<number>((resolve) => {
      child.once("message", (message) => resolve((message as { received: number }).received));
      child.send("count");
    });
  const close = () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.send("stop")));
  return { url: `smtp://127.0.0.1:${port}`, received, close };
}

export type ThroughputResult = { database: "PGlite" | "PostgreSQL"; reminders: number; seconds: number; decideSeconds: number; smtpSeconds: number; perSecond: number; outsideSmtpShare: number };

export async function benchReminderThroughput(options: { reminders: number; databaseUrl?: string }): Promise<ThroughputResult> {
  const sink = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-reminders-"));
  if (!options.databaseUrl) await copyPgliteTemplate(dataDir);
  const server = await startServer(loadConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "", SMTP_URL: sink.url, LOG_LEVEL: "error", EMAIL_BATCH_SECONDS: "0" }), { scheduleReminders: false });
  try {
    const { deps } = server;
    await seedReminders((text, values) => deps.db.execute(positionalSql(text, values ?? [])), { reminders: options.reminders, nextReminderAt: new Date(Date.now() - 60_000) });
    // The wall-clock time during which some e-mail was being handed to the mail server (sends overlap: counted once).
    let smtpMs = 0;
    let inFlight = 0;
    let busySince = 0;
    const mailer = deps.mailer;
    deps.mailer = {
      ...mailer,
      send: async (mail) => {
        if (inFlight++ === 0) busySince = performance.now();
        try {
          return await mailer.send(mail);
        } finally {
          if (--inFlight === 0) smtpMs += performance.now() - busySince;
        }
      },
    };
    const started = performance.now();
    const outcome = await sendDueReminders(deps, new Date());
    const decided = performance.now();
    if (outcome.nudged !== options.reminders) throw new Error(`${outcome.nudged} reminders sent of ${options.reminders}`);
    for (let arrived = 0; arrived < options.reminders; arrived = await sink.received()) {
      if (performance.now() - started > 600_000) throw new Error(`only ${arrived} e-mails arrived in 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval of the measurement
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      database: options.databaseUrl ? "PostgreSQL" : "PGlite",
      reminders: options.reminders,
      seconds,
      decideSeconds: (decided - started) / 1000,
      smtpSeconds: smtpMs / 1000,
      perSecond: options.reminders / seconds,
      outsideSmtpShare: 1 - smtpMs / 1000 / seconds,
    };
  } finally {
    await server.stop();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export type IdleResult = { database: "PGlite" | "PostgreSQL"; openBlockers: number; seconds: number; coreShare: number };

/**
 * `npm start` on a database holding `openBlockers` open blockers none of which is due, watched for `seconds` once
 * `settleSeconds` have passed since it answered (its start-up and first run of the engine left out).
 */
export async function benchIdleEngine(options: { openBlockers: number; seconds: number; settleSeconds: number; databaseUrl?: string }): Promise<IdleResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-bench-idle-"));
  try {
    if (!options.databaseUrl) await copyPgliteTemplate(dataDir);
    // Seeded before the server starts: PGlite is one process's database.
    const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
    await seedReminders((text, values) => database.query(text, values ?? []), { reminders: options.openBlockers, nextReminderAt: new Date(Date.now() + 30 * 86_400_000) });
    await database.close();
    const port = await freePort();
    const child = spawn("npm", ["start", "--silent"], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? "", LOG_LEVEL: "warn" }, stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      for (let waited = 0; !(await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false)); waited += 100) {
        if (waited > 120_000) throw new Error("the server did not start");
        await new Promise((resolve) => setTimeout(resolve, 100)); // polling interval of the measurement
      }
      const serverPid = serverProcessOf(child.pid ?? 0) ?? 0;
      // Past start-up (its first run of the engine included), then a whole window with the minute's runs in it.
      await new Promise((resolve) => setTimeout(resolve, options.settleSeconds * 1000));
      const before = cpuSeconds(serverPid);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
      const used = cpuSeconds(serverPid) - before;
      const seconds = (performance.now() - started) / 1000;
      process.kill(serverPid, "SIGTERM");
      return { database: options.databaseUrl ? "PostgreSQL" : "PGlite", openBlockers: options.openBlockers, seconds, coreShare: used / seconds };
    } finally {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
