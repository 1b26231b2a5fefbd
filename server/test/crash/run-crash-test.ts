// `npm run test:crash` (on PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): 1,000
// reminders come due; the server process is killed with SIGKILL at 20 random moments and started again, and
// PostgreSQL is restarted once, while they go out. At the end every reminder was given once (one automatic nudge on
// each part) and its e-mail received by the test's SMTP server, counted by idempotency key (the Message-ID every
// attempt at one e-mail shares). Prints the counts; exits 1 when a reminder is missing or given twice.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildServer } from "../../../scripts/build.mjs";
import { freePort } from "../free-port.ts";
import { createTestDatabase } from "../test-server.ts";
import { startMailCatcher } from "../mail-catcher.ts";
import { seedReminders } from "../seed-due-reminders.ts";

const REMINDERS = Number(process.env.CRASH_REMINDERS ?? 1000);
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const log = (line: string) => console.log(`[crash] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createTestDatabase(adminUrl);
const mail = await startMailCatcher();
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-crash-"));
const environment = { ...process.env, PORT: String(port), DATABASE_URL: database.url, SMTP_URL: mail.url, DATA_DIR: dataDir, AUTH_SECRET: "crash-test-secret-that-is-long-enough", LOG_LEVEL: "error", EMAIL_BATCH_SECONDS: "0" };

// Bundled once, as `npm start`'s server is, and started 22 times from the bundle: through tsx each start compiled the
// server anew, 3 of its 5 s (decision 047).
const serverBundle = path.resolve("test-results/crash-server/crash-server.js");
await buildServer({ entry: fileURLToPath(new URL("./crash-server.ts", import.meta.url)), outfile: serverBundle });

let child: ChildProcess | undefined;
async function startChild() {
  child = spawn(process.execPath, [serverBundle], { env: environment, stdio: ["ignore", "ignore", "inherit"] });
  for (let waited = 0; waited < 60_000; waited += 100) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
    if (up) return;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    await sleep(100);
  }
  throw new Error("the server did not answer within a minute");
}
function killChild() {
  const dying = child;
  if (!dying || dying.exitCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    dying.once("exit", () => resolve());
    dying.kill("SIGKILL");
  });
}

async function counts(client: pg.Client) {
  const { rows } = await client.query<{ parts: string; nudged_once: string; nudged_twice: string; deliveries: string; sent: string }>(`
    select (select count(*) from blocking_users) as parts,
      (select count(*) from (select blocker_id from blocker_events where type = 'auto_nudged' group by blocker_id having count(*) = 1) once) as nudged_once,
      (select count(*) from (select blocker_id from blocker_events where type = 'auto_nudged' group by blocker_id having count(*) > 1) twice) as nudged_twice,
      (select count(*) from deliveries where kind = 'nudged') as deliveries,
      (select count(*) from deliveries where kind = 'nudged' and status = 'sent') as sent`);
  const row = rows[0];
  return { parts: Number(row?.parts), nudgedOnce: Number(row?.nudged_once), nudgedTwice: Number(row?.nudged_twice), deliveries: Number(row?.deliveries), sent: Number(row?.sent) };
}

const started = Date.now();
let exitCode = 1;
try {
  log(`database ${new URL(database.url).pathname.slice(1)}; migrating`);
  await startChild();
  await killChild();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await seedReminders((text, values) => client.query(text, values), { reminders: REMINDERS, nextReminderAt: new Date(Date.now() - 60_000) });
  await client.end();
  log(`${REMINDERS} reminders due; starting, and killing the server ${KILLS} times`);

  const pgRestartAt = randomInt(5, Math.max(6, KILLS - 5));
  for (let kill = 1; kill <= KILLS; kill++) {
    await startChild();
    await sleep(randomInt(150, 1500));
    await killChild();
    if (kill === pgRestartAt) {
      log(`restarting PostgreSQL (after kill ${kill})`);
      execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", fs.readdirSync("/etc/postgresql")[0] ?? "15", "main", "restart"], { stdio: "ignore" });
    }
  }
  log("last start: letting it finish");
  await startChild();
  const watcher = new pg.Client({ connectionString: database.url });
  await watcher.connect();
  let latest = await counts(watcher);
  for (let waited = 0; waited < 300_000 && (latest.sent < REMINDERS || mail.mails.length < REMINDERS); waited += 500) {
    await sleep(500);
    latest = await counts(watcher);
  }
  await watcher.end();

  const received = new Map<string, number>();
  for (const message of mail.mails) {
    const key = message.headers["x-holdup-idempotency-key"] ?? "";
    if (key.startsWith("notification:")) received.set(key, (received.get(key) ?? 0) + 1);
  }
  const resent = [...received.values()].reduce((sum, times) => sum + times - 1, 0);
  log(`automatic nudges: ${latest.nudgedOnce} parts nudged once, ${latest.nudgedTwice} twice (of ${latest.parts})`);
  log(`e-mails: ${latest.deliveries} queued, ${latest.sent} marked sent; received ${received.size} distinct idempotency keys in ${mail.mails.length} messages (${resent} resent with the same Message-ID after a kill between the mail server's acceptance and Holdup's note of it)`);
  log(`took ${Math.round((Date.now() - started) / 1000)} s`);
  const ok = latest.nudgedOnce === REMINDERS && latest.nudgedTwice === 0 && latest.deliveries === REMINDERS && received.size === REMINDERS;
  log(ok ? "PASS: every reminder given once, and its e-mail received" : "FAIL");
  exitCode = ok ? 0 : 1;
} finally {
  await killChild();
  await mail.close();
  await database.drop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
