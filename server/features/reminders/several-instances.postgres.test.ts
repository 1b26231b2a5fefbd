// Two server instances on one PostgreSQL, as behind a load balancer, sending the same due reminders at the same
// moment (each instance's job, or both asked at once): every reminder is given once, by one of them, and its e-mail
// reaches the shared SMTP server once. Runs in the PostgreSQL suite (`npm run test:postgres`).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../test/mail-catcher.ts";
import { seedReminders } from "../../test/seed-due-reminders.ts";
import { startTwoInstances } from "../../test/test-server.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

const REMINDERS = 1000;
let mail: MailCatcher;
let instances: Awaited<ReturnType<typeof startTwoInstances>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  instances = await startTwoInstances({ smtpUrl: mail.url });
});
afterAll(async () => {
  await instances?.stop();
  await mail?.close();
});

describe("several instances sending reminders", () => {
  it("never give the same reminder twice: each is nudged once, by one of them, and e-mailed once", { timeout: 120_000 }, async () => {
    const { first, second } = instances;
    const client = new pg.Client({ connectionString: first.config.databaseUrl });
    await client.connect();
    try {
      const team = await seedReminders((text, values) => client.query(text, values), { reminders: REMINDERS, nextReminderAt: new Date(Date.now() - 60_000) });
      const now = new Date();
      // Both instances at once, twice each: what two cron ticks on two machines would do.
      const outcomes = await Promise.all([sendDueReminders(first.deps, now), sendDueReminders(second.deps, now), sendDueReminders(first.deps, now), sendDueReminders(second.deps, now)]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.nudged, 0)).toBe(REMINDERS);
      // The work was shared, not done by one while the other waited for its locks.
      expect(outcomes.filter((outcome) => outcome.nudged > 0).length).toBeGreaterThan(1);

      const { rows } = await client.query<{ times: string; parts: string }>(
        `select times, count(*) as parts from (select count(e.id) as times from blocking_users p join blockers b on b.id = p.blocker_id
           left join blocker_events e on e.blocker_id = p.blocker_id and e.type = 'auto_nudged' where b.organization_id = $1 group by p.blocker_id) counted group by times`,
        [team],
      );
      expect(rows.map((row) => ({ times: Number(row.times), parts: Number(row.parts) }))).toEqual([{ times: 1, parts: REMINDERS }]);

      // Every e-mail marked sent (by whichever instance's delivery worker took it), and received once.
      const statuses = async () => (await client.query<{ status: string; total: string }>(`select status, count(*) as total from deliveries group by status`)).rows.map((row) => ({ status: row.status, total: Number(row.total) }));
      await vi.waitFor(async () => expect(await statuses()).toEqual([{ status: "sent", total: REMINDERS }]), { timeout: 60_000, interval: 100 });
      const keys = mail.mails.map((message) => message.headers["x-holdup-idempotency-key"]);
      expect(keys).toHaveLength(REMINDERS);
      expect(new Set(keys).size).toBe(REMINDERS);
    } finally {
      await client.end();
    }
  });
});
