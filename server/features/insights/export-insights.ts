// The reports as CSV (issue #13): each table of a report, and the range's blockers one per row. RFC 4180 (CRLF
// between records, fields quoted when they hold a comma, a quote or a line break), UTF-8, and a cell that a
// spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first) prefixed with ' — csv-stringify's
// escape_formulas. Times are the viewer's, in their time zone, which each header names.
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { AskedRange, PersonalInsightTable, TeamInsightQuery, TeamInsightTable } from "../../../common/insights.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Member } from "../../http/app-env.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";
import { jsonValue } from "../../db/prepared.ts";
import type { PersonSummary } from "../blockers/people-summaries.ts";
import { insightRange, plusRequired, type InsightRange } from "./insight-range.ts";
import { personalInsights } from "./personal-insights.ts";
import { bounds, currentPeriod, hoursOf, overlaps } from "./span-queries.ts";
import { blockerFilters, filtersOf, teamInsights, type TeamFilters } from "./team-insights.ts";
import { HOUR_MS } from "../../../common/durations.ts";

type Cell = string | number | null;
export type CsvFile = { filename: string; body: string };

/** The most blockers one export lists: two years of a busy team's, with room to spare. */
export const EXPORTED_BLOCKERS_MAX = 100_000;

const hoursCell = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10);
const nameOf = (person: PersonSummary) => person.fullName ?? person.email;
const localTime = (time: string | Date, timezone: string) =>
  Temporal.Instant.fromEpochMilliseconds(new Date(time).getTime()).toZonedDateTimeISO(timezone).toPlainDateTime().toString({ smallestUnit: "minute" }).replace("T", " ");

function csvFile(name: string, range: Pick<InsightRange, "from" | "to">, rows: Cell[][]): CsvFile {
  return {
    filename: `holdup-${name}-${range.from}-to-${range.to}.csv`,
    body: stringify(
      rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
      { escape_formulas: true, record_delimiter: "windows" },
    ),
  };
}

type TeamReport = Awaited<ReturnType<typeof teamInsights>>;
type PersonalReport = Awaited<ReturnType<typeof personalInsights>>;

export function teamTableCsv(report: TeamReport, table: Exclude<TeamInsightTable, "blockers">): CsvFile {
  const { range } = report;
  const zone = `(${range.timezone})`;
  switch (table) {
    case "summary":
      return csvFile("team-summary", range, [
        ["Measure", `${range.from} to ${range.to}`, "Previous period"],
        ["Blockers logged", report.summary.created, report.previous.created],
        ["Resolved", report.summary.resolved, report.previous.resolved],
        ["Cancelled", report.summary.cancelled, report.previous.cancelled],
        ["Median time to unblock (hours)", hoursCell(report.summary.medianTimeToUnblockMs), hoursCell(report.previous.medianTimeToUnblockMs)],
        ["90th percentile time to unblock (hours)", hoursCell(report.summary.p90TimeToUnblockMs), hoursCell(report.previous.p90TimeToUnblockMs)],
        ["Blocked person-hours", report.summary.personHours, report.previous.personHours],
        ["Nudges per resolved blocker", report.summary.nudgesPerResolved, report.previous.nudgesPerResolved],
      ]);
    case "who-blocks":
      return csvFile("team-who-blocks", range, [
        ["Person", "Former member", "Blocked person-hours", "Blockers", "Parts done", "Median time to unblock (hours)", ...range.weeks.map((week) => `Person-hours, week of ${week}`)],
        ...report.whoBlocks.map((row) => [nameOf(row.person), row.person.formerMember ? "yes" : "no", row.personHours, row.blockers, row.done, hoursCell(row.medianTimeToUnblockMs), ...row.weeks]),
      ]);
    case "weeks":
      return csvFile("team-weeks", range, [
        ["Week of", "Logged", "Resolved", "Cancelled", "Median time to unblock (hours)", "90th percentile time to unblock (hours)", "Nudges per resolved blocker"],
        ...report.weeks.map((week) => [week.week, week.created, week.resolved, week.cancelled, hoursCell(week.medianTimeToUnblockMs), hoursCell(week.p90TimeToUnblockMs), week.nudgesPerResolved]),
      ]);
    case "open":
      return csvFile("team-open", range, [
        ["Age", "Blocker", "Title", "Priority", `Open since ${zone}`],
        ...report.openByAge.flatMap((bucket) => bucket.blockers.map((blocker) => [bucket.bucket, blocker.id, blocker.title, blocker.priority, localTime(blocker.openedAt, range.timezone)])),
      ]);
    case "timeline":
      return csvFile("team-timeline", range, [
        ["Waiting on", "Blocker", "Title", "Priority", `Start ${zone}`, `End ${zone}`, "Status"],
        ...report.timeline.groups.flatMap((group) => group.bars.map((bar) => [nameOf(group.person), bar.blockerId, bar.title, bar.priority, localTime(bar.start, range.timezone), localTime(bar.end, range.timezone), bar.status])),
      ]);
  }
}

export function personalTableCsv(report: PersonalReport, table: PersonalInsightTable): CsvFile {
  const { range } = report;
  switch (table) {
    case "summary":
      return csvFile("my-summary", range, [
        ["Measure", `${range.from} to ${range.to}`, "Previous period"],
        ["Blockers waiting on me", report.summary.blockers, report.previous.blockers],
        ["Person-hours I held others up", report.summary.personHours, report.previous.personHours],
        ["Parts I marked done", report.summary.done, report.previous.done],
        ["Median time to done (hours)", hoursCell(report.summary.medianTimeToDoneMs), hoursCell(report.previous.medianTimeToDoneMs)],
        ["90th percentile time to done (hours)", hoursCell(report.summary.p90TimeToDoneMs), hoursCell(report.previous.p90TimeToDoneMs)],
        ["Nudges before done", report.summary.nudgesBeforeDone, report.previous.nudgesBeforeDone],
        ["Blockers I waited on", report.summary.waitedBlockers, report.previous.waitedBlockers],
        ["Hours I waited", report.summary.waitedHours, report.previous.waitedHours],
      ]);
    case "weeks":
      return csvFile("my-weeks", range, [
        ["Week of", "Parts done", "Median time to done (hours)", "Person-hours I held others up", "Hours I waited"],
        ...report.weeks.map((week) => [week.week, week.done, hoursCell(week.medianTimeToDoneMs), week.personHours, week.waitedHours]),
      ]);
    case "open":
      return csvFile("my-open", range, [
        ["Age", "Blocker", "Title", "Priority", `Waiting on me since (${range.timezone})`],
        ...report.openByAge.flatMap((bucket) => bucket.blockers.map((blocker) => [bucket.bucket, blocker.id, blocker.title, blocker.priority, localTime(blocker.openedAt, range.timezone)])),
      ]);
  }
}

type RangeBlocker = {
  id: string;
  title: string;
  priority: string;
  source: string;
  status: string;
  createdAt: string;
  createdBy: string | null;
  waitingOn: string | null;
  endedAt: string | null;
  openSeconds: number;
};

/** Every blocker open at some moment of the range, with the filters, the longest open first. */
export async function teamBlockersCsv(db: Database, teamId: string, range: InsightRange, filters: TeamFilters): Promise<CsvFile> {
  const period = currentPeriod(range);
  const { start, end } = bounds(period);
  const rows = await jsonValue<RangeBlocker[] | null>(
    db,
    sql`(select json_agg(r) from (
        select b.id, b.title, b.priority, b.source, b.status, b.created_at as "createdAt", b.resolved_at as "endedAt",
          (select coalesce(p.full_name, p.email) from profiles p where p.id = b.created_by) as "createdBy",
          (select string_agg(coalesce(p.full_name, p.email), '; ' order by coalesce(p.full_name, p.email)) from blocking_users u join profiles p on p.id = u.profile_id where u.blocker_id = b.id) as "waitingOn",
          sum(extract(epoch from least(coalesce(s.ended_at, ${end}), ${end}) - greatest(s.started_at, ${start}))) as "openSeconds"
        from blocker_spans s join blockers b on b.id = s.blocker_id
        where s.organization_id = ${teamId} and s.kind = 'open' and ${overlaps("s", period)} ${blockerFilters(filters)}
        group by b.id
        order by "openSeconds" desc, b.id
        limit ${EXPORTED_BLOCKERS_MAX}) r)`,
  );
  const zone = `(${range.timezone})`;
  return csvFile("team-blockers", range, [
    ["Blocker", "Title", "Priority", "Source", "Status", `Logged ${zone}`, "Logged by", "Waiting on", `Resolved or cancelled ${zone}`, "Hours open in the range"],
    ...(rows ?? []).map((row) => [
      row.id,
      row.title,
      row.priority,
      row.source,
      row.status,
      localTime(row.createdAt, range.timezone),
      row.createdBy,
      row.waitingOn,
      row.endedAt && row.status !== "open" ? localTime(row.endedAt, range.timezone) : null,
      hoursOf(Number(row.openSeconds)),
    ]),
  ]);
}

export const EXPORT_MESSAGE = "Exports come with Plus. Upgrade to download your insights as CSV.";
type Reading = { db: Database; config: Pick<Config, "defaultPlan" | "stripe"> };

/** A table of the team's report, or its blockers, as CSV: Plus's (DESIGN.md §7). */
export async function exportTeamInsights(deps: Reading, member: Member, query: TeamInsightQuery & { table: TeamInsightTable }, now: Date): Promise<CsvFile> {
  const plan = await planOfTeam(deps, member.teamId);
  if (plan !== "plus") throw plusRequired(EXPORT_MESSAGE);
  const range = insightRange(query, member.timezone, now, plan);
  if (query.table === "blockers") return teamBlockersCsv(deps.db, member.teamId, range, filtersOf(query));
  return teamTableCsv(await teamInsights(deps.db, member.teamId, range, filtersOf(query)), query.table);
}

/** A table of a member's own report as CSV: Plus's too. */
export async function exportPersonalInsights(deps: Reading, member: Member, query: AskedRange & { table: PersonalInsightTable }, now: Date): Promise<CsvFile> {
  const plan = await planOfTeam(deps, member.teamId);
  if (plan !== "plus") throw plusRequired(EXPORT_MESSAGE);
  return personalTableCsv(await personalInsights(deps.db, member, insightRange(query, member.timezone, now, plan)), query.table);
}
