// The weekly report (issue #13): to each owner and admin of a team, on Monday from 09:00 in their own time zone, the
// week just ended in numbers — blockers logged and resolved, time to unblock, person-hours — the three people who held
// the others up most, the oldest open blockers, and links into /organization/insights. Decided with the reminders
// (every minute, by the app's clock), once per person, team and week: the delivery's key names all three, so a run
// repeated, two servers or a crash cannot send it twice. A server down all Monday skips that week's: by Tuesday the
// report is stale. Turned off in notification preferences, or by the e-mail's own link.
import { and, eq, inArray } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { compactDuration } from "../../../common/durations.ts";
import { wantsWeeklyReport } from "../../../common/notification-preferences.ts";
import { paths } from "../../../common/paths.ts";
import type { Database } from "../../db/client.ts";
import { deliveries, member, organization, profiles } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { turnOffLink, WEEKLY_REPORT_EVENT } from "../email-links/create-email-links.ts";
import { DELIVER_EMAIL_QUEUE, DELIVERY_JOB_EXPIRY } from "../notifications/queue-deliveries.ts";
import { insightRange } from "./insight-range.ts";
import { teamInsights } from "./team-insights.ts";

export const WEEKLY_REPORT_KIND = "weekly_report";
/** The local hour from which Monday's report goes out. */
const REPORT_HOUR = 9;
const TOP_PEOPLE = 3;
const OLDEST_SHOWN = 5;

const localMoment = (now: Date, timezone: string) => Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone);

/**
 * Whether it is Monday after 09:00 anywhere on Earth (UTC−12 to UTC+14): from Sunday 19:00 to Tuesday 12:00 UTC.
 * The rest of the week the minute's run does not look at anyone.
 */
function mondayMorningSomewhere(now: Date) {
  const hoursIntoWeek = (((now.getUTCDay() + 6) % 7) * 24 + now.getUTCHours()) % (7 * 24);
  return hoursIntoWeek >= 6 * 24 + 19 || hoursIntoWeek < 24 + 12;
}

/** Queues the reports due at `now`; answers how many. */
export async function queueDueWeeklyReports(deps: Pick<ChangeDependencies, "db" | "jobs">, now: Date): Promise<number> {
  if (!mondayMorningSomewhere(now)) return 0;
  const people = await deps.db
    .select({ profileId: profiles.id, timezone: profiles.timezone, preferences: profiles.notificationPreferences, teamId: member.organizationId })
    .from(member)
    .innerJoin(profiles, eq(profiles.authId, member.userId))
    .where(inArray(member.role, ["owner", "admin"]));
  const due = people.flatMap((person) => {
    const local = localMoment(now, person.timezone);
    if (!wantsWeeklyReport(person.preferences) || local.dayOfWeek !== 1 || local.hour < REPORT_HOUR) return [];
    return [{ ...person, key: `weekly-report:${person.profileId}:${person.teamId}:${local.toPlainDate().toString()}:email` }];
  });
  if (due.length === 0) return 0;
  const sent = new Set(
    (await deps.db.select({ key: deliveries.idempotencyKey }).from(deliveries).where(inArray(deliveries.idempotencyKey, due.map((person) => person.key)))).map((row) => row.key),
  );
  let queued = 0;
  for (const person of due.filter((candidate) => !sent.has(candidate.key))) {
    await deps.db.transaction(async (tx) => {
      const [delivery] = await tx
        .insert(deliveries)
        .values({ idempotencyKey: person.key, channel: "email", profileId: person.profileId, teamId: person.teamId, kind: WEEKLY_REPORT_KIND, createdAt: now })
        .onConflictDoNothing({ target: deliveries.idempotencyKey })
        .returning({ id: deliveries.id });
      if (!delivery) return;
      await deps.jobs.sendWithin(tx, DELIVER_EMAIL_QUEUE, { deliveryId: delivery.id }, { ...deps.jobs.emailRetries, ...DELIVERY_JOB_EXPIRY });
      queued += 1;
    });
  }
  return queued;
}

const change = (now: number, before: number) => (before === 0 ? "" : ` (${now >= before ? "↑" : "↓"} ${Math.round((Math.abs(now - before) / before) * 100)}% on the week before)`);
const duration = (ms: number | null) => (ms === null ? "—" : compactDuration(ms));

/**
 * The report as of the moment it was decided (`delivery.createdAt`): the seven days before that Monday, in the
 * reader's zone. Not sent (dropped) to someone who is no longer an owner or admin of the team.
 */
export async function composeWeeklyReport(deps: { db: Database; secret: string; appUrl: string }, delivery: { id: string; profileId: string; teamId: string | null; createdAt: Date }, sentAt: Date): Promise<Mail | null> {
  if (!delivery.teamId) return null;
  const [reader] = await deps.db
    .select({ email: profiles.email, timezone: profiles.timezone, role: member.role, teamName: organization.name })
    .from(profiles)
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, delivery.teamId)))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(profiles.id, delivery.profileId));
  if (!reader || (reader.role !== "owner" && reader.role !== "admin")) return null;
  const monday = localMoment(delivery.createdAt, reader.timezone).toPlainDate();
  const range = insightRange({ from: monday.subtract({ days: 7 }).toString(), to: monday.subtract({ days: 1 }).toString() }, reader.timezone, delivery.createdAt, "plus");
  const report = await teamInsights(deps.db, delivery.teamId, range, {});
  const { summary, previous } = report;
  const insightsUrl = (query: string) => new URL(`${paths.organizationInsights}?${query}`, deps.appUrl).toString();
  const oldest = report.openByAge
    .slice()
    .reverse()
    .flatMap((bucket) => bucket.blockers)
    .slice(0, OLDEST_SHOWN);
  const end = range.end.getTime();
  const content = await emailTemplates.weeklyReport({
    teamName: reader.teamName,
    week: `${range.from} to ${range.to}`,
    lines: [
      `${summary.created} blockers logged, ${summary.resolved} resolved${change(summary.resolved, previous.resolved)}, ${summary.cancelled} cancelled.`,
      `Median time to unblock: ${duration(summary.medianTimeToUnblockMs)}${summary.p90TimeToUnblockMs === null ? "" : ` (90th percentile ${duration(summary.p90TimeToUnblockMs)})`}. Blocked person-hours: ${summary.personHours}${change(summary.personHours, previous.personHours)}.`,
    ],
    holdingUp: report.whoBlocks.slice(0, TOP_PEOPLE).map((row) => `${row.person.fullName ?? row.person.email}${row.person.formerMember ? " (former member)" : ""} — ${row.personHours} person-hours, ${row.blockers} ${row.blockers === 1 ? "blocker" : "blockers"}`),
    oldest: oldest.map((blocker) => `“${blocker.title}” — open ${duration(end - new Date(blocker.openedAt).getTime())}`),
    insightsUrl: insightsUrl(`from=${range.from}&to=${range.to}`),
    unsubscribe: await turnOffLink(deps, { deliveryId: delivery.id, profileId: delivery.profileId, event: WEEKLY_REPORT_EVENT }, sentAt),
  });
  return { to: reader.email, ...content };
}
