// The team's report (/organization/insights): who holds the team up and for how long, the trend week by week, the
// open blockers by age and a timeline of delays, over a range, with the period before it to compare with. Each
// period is one statement over the rollup (decision 037); a filter (person waited on, priority, source) narrows
// every part of it alike.
import { sql, type SQL } from "drizzle-orm";
import type { TeamInsightQuery } from "../../../common/insights.ts";
import type { BlockerPriority } from "../../../common/blockers.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import type { Member } from "../../http/app-env.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";
import { jsonValue } from "../../db/prepared.ts";
import { peopleSummaries, personOf, type PersonSummary } from "../blockers/people-summaries.ts";
import { teamFirstBlockerAt } from "./first-blocker.ts";
import { insightRange, plusRequired, rangeAnswer, type InsightRange } from "./insight-range.ts";
import { bounds, currentPeriod, openByAgeJson, openByAgeOf, overlaps, previousPeriod, waitingPairs, weeksRelation, type Period, type RawOpenByAge, blockerOf, hoursOf, msOf, perOf, reportFreshUntil } from "./span-queries.ts";

export type TeamFilters = Pick<TeamInsightQuery, "person" | "priority" | "source">;

/** The timeline shows at most this many bars (the longest); the answer says how many there were. */
export const TIMELINE_BARS_MAX = 300;

/** The filters, on a relation `b` of blockers. The person filter keeps the blockers that waited on them at some point. */
export function blockerFilters(filters: TeamFilters): SQL {
  const parts: SQL[] = [];
  if (filters.priority) parts.push(sql`and b.priority = ${filters.priority}`);
  if (filters.source) parts.push(sql`and b.source = ${filters.source}`);
  if (filters.person) parts.push(sql`and exists (select 1 from blocker_spans p where p.blocker_id = b.id and p.kind = 'blocking' and p.profile_id = ${filters.person}::uuid)`);
  return sql.join(parts, sql` `);
}

/**
 * The relations a period's numbers come from: its blocking spans `k`, openings `o`, waiting pairs, resolutions,
 * creations. The blockers table is joined only to filter: titles are read for the few rows shown.
 */
function periodRelations(teamId: string, period: Period, filters: TeamFilters): SQL {
  const { start, end } = bounds(period);
  const filtered = blockerFilters(filters);
  const hasFilters = Boolean(filters.priority || filters.source || filters.person);
  const ofBlocker = hasFilters ? sql`and exists (select 1 from blockers b where b.id = s.blocker_id ${filtered})` : sql``;
  return sql`k as (
      select s.blocker_id, s.profile_id, s.started_at, s.ended_at, s.outcome, s.nudges from blocker_spans s
      where s.organization_id = ${teamId} and s.kind = 'blocking' and ${overlaps("s", period)} ${ofBlocker}
        ${filters.person ? sql`and s.profile_id = ${filters.person}::uuid` : sql``}
    ),
    o as (
      select s.blocker_id, s.started_at, s.ended_at, s.outcome, s.nudges from blocker_spans s
      where s.organization_id = ${teamId} and s.kind = 'open' and ${overlaps("s", period)} ${ofBlocker}
    ),
    pairs as (${waitingPairs(teamId, period)}),
    resolved as (
      select o.blocker_id, o.started_at, o.ended_at, o.nudges, extract(epoch from o.ended_at - o.started_at) as seconds from o where o.outcome = 'resolved' and o.ended_at <= ${end}
    ),
    cancelled as (select o.blocker_id, o.ended_at from o where o.outcome = 'cancelled' and o.ended_at <= ${end}),
    created as (select b.id, b.created_at from blockers b where b.organization_id = ${teamId} and b.created_at >= ${start} and b.created_at < ${end} ${filtered})`;
}

/** The headline numbers of a period, from periodRelations. */
const summarySelect = sql`json_build_object(
    'created', (select count(*) from created),
    'resolved', (select count(*) from resolved),
    'cancelled', (select count(*) from cancelled),
    'medianSeconds', (select percentile_cont(0.5) within group (order by seconds) from resolved),
    'p90Seconds', (select percentile_cont(0.9) within group (order by seconds) from resolved),
    'personSeconds', (select coalesce(sum(extract(epoch from pe - ps)), 0) from pairs where pe > ps),
    'nudges', (select coalesce(sum(nudges), 0) from resolved)
  )`;

type RawSummary = { created: number; resolved: number; cancelled: number; medianSeconds: number | null; p90Seconds: number | null; personSeconds: number; nudges: number };
type RawReport = {
  summary: RawSummary;
  who: { profileId: string; blockers: number; done: number; medianSeconds: number | null; weeks: Record<string, number> | null; personSeconds: number }[] | null;
  weeks: { week: string; created: number; resolved: number; cancelled: number; medianSeconds: number | null; p90Seconds: number | null; nudges: number }[];
  open: RawOpenByAge;
  timeline: { blockerId: string; profileId: string; title: string; priority: BlockerPriority; start: string; end: string; status: "open" | "resolved" | "cancelled"; seconds: number }[] | null;
  timelineTotal: number;
};

function reportQuery(teamId: string, range: InsightRange, filters: TeamFilters): SQL {
  const period = currentPeriod(range);
  const { end } = bounds(period);
  return sql`(with ${periodRelations(teamId, period, filters)},
    weeks as (${weeksRelation(range)}),
    pair_weeks as (
      select p.profile_id, wk.week, sum(extract(epoch from least(p.pe, wk.we) - greatest(p.ps, wk.ws))) as seconds
      from pairs p join weeks wk on wk.ws < p.pe and wk.we > p.ps where p.pe > p.ps group by p.profile_id, wk.week
    ),
    who as (
      select k.profile_id, count(distinct k.blocker_id) as blockers,
        count(*) filter (where k.outcome = 'done' and k.ended_at <= ${end}) as done,
        percentile_cont(0.5) within group (order by extract(epoch from k.ended_at - k.started_at)) filter (where k.outcome = 'done' and k.ended_at <= ${end}) as median_seconds
      from k group by k.profile_id
    ),
    bars as (
      -- One bar per opening and person waited on during it, clipped to the range.
      select o.blocker_id, k.profile_id, greatest(o.started_at, ${period.start.toISOString()}::timestamptz) as bar_start,
        least(coalesce(o.ended_at, ${end}), ${end}) as bar_end,
        case when o.ended_at is null or o.ended_at > ${end} then 'open' else o.outcome end as status
      from o join k on k.blocker_id = o.blocker_id and k.started_at >= o.started_at and (o.ended_at is null or k.started_at < o.ended_at)
    ),
    shown_bars as (select * from bars order by bar_end - bar_start desc, blocker_id limit ${TIMELINE_BARS_MAX})
    select json_build_object(
      'summary', ${summarySelect},
      'who', (select json_agg(json_build_object('profileId', who.profile_id, 'blockers', who.blockers, 'done', who.done, 'medianSeconds', who.median_seconds,
                'personSeconds', coalesce((select sum(seconds) from pair_weeks pw where pw.profile_id = who.profile_id), 0),
                'weeks', (select json_object_agg(pw.week, pw.seconds) from pair_weeks pw where pw.profile_id = who.profile_id))) from who),
      'weeks', (select json_agg(json_build_object('week', wk.week, 'created', coalesce(c.count, 0), 'resolved', coalesce(r.count, 0), 'cancelled', coalesce(x.count, 0),
                'medianSeconds', r.median_seconds, 'p90Seconds', r.p90_seconds, 'nudges', coalesce(n.nudges, 0)) order by wk.week)
              from weeks wk
                left join (select wk.week, count(*) from weeks wk join created c on c.created_at >= wk.ws and c.created_at < wk.we group by wk.week) c on c.week = wk.week
                left join (select wk.week, count(*), percentile_cont(0.5) within group (order by r.seconds) as median_seconds, percentile_cont(0.9) within group (order by r.seconds) as p90_seconds
                  from weeks wk join resolved r on r.ended_at >= wk.ws and r.ended_at < wk.we group by wk.week) r on r.week = wk.week
                left join (select wk.week, count(*) from weeks wk join cancelled c on c.ended_at >= wk.ws and c.ended_at < wk.we group by wk.week) x on x.week = wk.week
                left join (select wk.week, sum(n.nudges) as nudges from weeks wk join resolved n on n.ended_at >= wk.ws and n.ended_at < wk.we group by wk.week) n on n.week = wk.week),
      'open', ${openByAgeJson(sql`select o.blocker_id, b.title, b.priority, o.started_at as opened_at, extract(epoch from ${end} - o.started_at) as age_seconds
                from o ${blockerOf("o")} where o.ended_at is null or o.ended_at > ${end}`)},
      'timeline', (select json_agg(t) from (select bars.blocker_id as "blockerId", bars.profile_id as "profileId", b.title, b.priority,
                bars.bar_start as start, bars.bar_end as "end", bars.status, extract(epoch from bars.bar_end - bars.bar_start) as seconds
              from shown_bars bars ${blockerOf("bars")} order by bars.bar_end - bars.bar_start desc, bars.blocker_id) t),
      'timelineTotal', (select count(*) from bars)
    ))`;
}

const previousQuery = (teamId: string, range: InsightRange, filters: TeamFilters) => sql`(with ${periodRelations(teamId, previousPeriod(range), filters)} select ${summarySelect})`;


export type TeamSummary = ReturnType<typeof summaryOf>;
function summaryOf(raw: RawSummary) {
  return {
    created: Number(raw.created),
    resolved: Number(raw.resolved),
    cancelled: Number(raw.cancelled),
    medianTimeToUnblockMs: msOf(raw.medianSeconds),
    p90TimeToUnblockMs: msOf(raw.p90Seconds),
    personHours: hoursOf(Number(raw.personSeconds)),
    nudgesPerResolved: perOf(Number(raw.nudges), Number(raw.resolved)),
  };
}

export async function teamInsights(db: Database, teamId: string, range: InsightRange, filters: TeamFilters) {
  const [raw, previous] = await Promise.all([jsonValue<RawReport>(db, reportQuery(teamId, range, filters)), jsonValue<RawSummary>(db, previousQuery(teamId, range, filters))]);
  const people = await peopleSummaries(db, [...(raw.who ?? []).map((row) => row.profileId), ...(raw.timeline ?? []).map((bar) => bar.profileId)], teamId);
  const whoBlocks = (raw.who ?? [])
    .map((row) => ({
      person: personOf(people, row.profileId),
      personHours: hoursOf(Number(row.personSeconds)),
      blockers: Number(row.blockers),
      done: Number(row.done),
      medianTimeToUnblockMs: msOf(row.medianSeconds),
      weeks: range.weeks.map((week) => hoursOf(Number(row.weeks?.[week] ?? 0))),
    }))
    .sort((a, b) => b.personHours - a.personHours || b.blockers - a.blockers || (a.person.fullName ?? "").localeCompare(b.person.fullName ?? ""));
  const groups = new Map<string, { person: PersonSummary; bars: { blockerId: string; title: string; priority: BlockerPriority; start: string; end: string; status: string }[]; seconds: number }>();
  for (const bar of raw.timeline ?? []) {
    const group = groups.get(bar.profileId) ?? { person: personOf(people, bar.profileId), bars: [], seconds: 0 };
    group.bars.push({ blockerId: bar.blockerId, title: bar.title, priority: bar.priority, start: bar.start, end: bar.end, status: bar.status });
    group.seconds += Number(bar.seconds);
    groups.set(bar.profileId, group);
  }
  return {
    range: rangeAnswer(range),
    summary: summaryOf(raw.summary),
    previous: summaryOf(previous),
    whoBlocks,
    weeks: raw.weeks.map((week) => ({
      week: week.week,
      created: Number(week.created),
      resolved: Number(week.resolved),
      cancelled: Number(week.cancelled),
      medianTimeToUnblockMs: msOf(week.medianSeconds),
      p90TimeToUnblockMs: msOf(week.p90Seconds),
      nudgesPerResolved: perOf(Number(week.nudges), Number(week.resolved)),
    })),
    openByAge: openByAgeOf(raw.open),
    timeline: {
      total: Number(raw.timelineTotal),
      groups: [...groups.values()].sort((a, b) => b.seconds - a.seconds).map(({ person, bars }) => ({ person, bars })),
    },
  };
}

export const TEAM_PREVIEW_MESSAGE = "On the Free plan the team's insights show the last 30 days. Upgrade to Plus for any range, filters and exports.";

/**
 * The team's report as a member asks for it. Every member of the team may read it; on the Free plan, as a preview:
 * the last 30 days, unfiltered (DESIGN.md §7), anything else is Plus's.
 */
export async function readTeamInsights(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe">; answers: AnswerCache }, member: Member, query: TeamInsightQuery, now: Date) {
  const plan = await planOfTeam(deps, member.teamId);
  const range = insightRange(query, member.timezone, now, plan);
  const filters = filtersOf(query);
  if (plan === "free") {
    const preview = insightRange({}, member.timezone, now, plan);
    if (range.from !== preview.from || range.to !== preview.to || filters.person || filters.priority || filters.source) throw plusRequired(TEAM_PREVIEW_MESSAGE);
  }
  // Kept for the whole team (every member reads the same report) until the team changes or a minute passes.
  const key = `insights-team:${member.teamId}:${range.from}:${range.to}:${filters.person ?? ""}:${filters.priority ?? ""}:${filters.source ?? ""}`;
  const report = await deps.answers.read(
    key,
    { teamId: member.teamId },
    async () => {
      const [numbers, firstBlockerAt] = await Promise.all([teamInsights(deps.db, member.teamId, range, filters), teamFirstBlockerAt(deps.db, member.teamId)]);
      // When the team's history began, whatever the range and filters: the page's first week (decision 050).
      return { ...numbers, history: { firstBlockerAt } };
    },
    { freshUntil: reportFreshUntil(now) },
  );
  return { plan, ...report };
}

export const filtersOf = (query: TeamFilters): TeamFilters => ({ person: query.person, priority: query.priority, source: query.source });

/** The report's two statements as they run, for the benchmark's plans (EXPLAIN ANALYZE). */
export const teamReportStatements = (teamId: string, range: InsightRange, filters: TeamFilters) => [sql`select ${reportQuery(teamId, range, filters)} as value`, sql`select ${previousQuery(teamId, range, filters)} as value`];
