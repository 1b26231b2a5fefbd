// Runs the reminder engine on the job queue: a job every minute (pg-boss's cron, one per minute for all instances
// together) sends whatever is due by the app's clock (send-due-reminders.ts), the daily digests due
// (queue-digests.ts) and the weekly reports (insights/weekly-report.ts). A queue of the "singleton" policy would keep
// two runs from overlapping, but a run whose process was killed would then hold the queue until it expired: runs may
// overlap instead, which is safe (parts are claimed with SKIP LOCKED), and a run expires after five minutes.
import type { AppDependencies } from "../../http/app-env.ts";
import { queueDueWeeklyReports } from "../insights/weekly-report.ts";
import { queueDueDigests } from "../notifications/queue-digests.ts";
import { sendDueReminders } from "./send-due-reminders.ts";

export const SEND_DUE_REMINDERS_QUEUE = "send-due-reminders";

/** `schedule: false`: runs only when asked (tests move their clock and send what is due themselves). */
export async function startReminderEngine(deps: Pick<AppDependencies, "db" | "events" | "jobs" | "clock" | "logger">, options: { schedule: boolean }) {
  const { boss } = deps.jobs;
  await boss.createQueue(SEND_DUE_REMINDERS_QUEUE, { name: SEND_DUE_REMINDERS_QUEUE, expireInSeconds: 300, retryLimit: 0 });
  if (options.schedule) {
    await boss.schedule(SEND_DUE_REMINDERS_QUEUE, "* * * * *");
    // And once now: after a restart (or a laptop waking up) what came due meanwhile goes out without waiting a minute.
    await boss.send(SEND_DUE_REMINDERS_QUEUE, {});
  } else {
    await boss.unschedule(SEND_DUE_REMINDERS_QUEUE);
  }
  const worker = await deps.jobs.work(SEND_DUE_REMINDERS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    const now = deps.clock.now();
    const outcome = await sendDueReminders(deps, now);
    const digests = await queueDueDigests(deps, now);
    const weeklyReports = await queueDueWeeklyReports(deps, now);
    if (outcome.nudged > 0 || digests > 0 || weeklyReports > 0) deps.logger.info(`Reminders: ${outcome.nudged} sent, ${outcome.escalated} escalated; ${digests} daily digests; ${weeklyReports} weekly reports`);
  });
  return () => boss.offWork({ id: worker });
}
