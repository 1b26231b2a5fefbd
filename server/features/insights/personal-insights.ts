// A member's own report (/insights): the blockers that waited on them and how fast they answered, how long they
// waited on others, what still waits on them by age, the nudges they needed, week by week; in their current team,
// over a range, with the period before it to compare with (decision 037).
import { sql, type SQL } from "drizzle-orm";
import type { AskedRange } from "../../../common/insights.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import type { Member } from "../../http/app-env.ts";
import { planOfTeam } from "../billing/plan-of-team.ts";
import { jsonValue } from "../../db/prepared.ts";
import { personFirstBlockerAt } from "./first-blocker.ts";
import { insightRange, rangeAnswer, type InsightRange } from "./insight-range.ts";
import { bounds, currentPeriod, openByAgeJson, openByAgeOf, overlaps, previousPeriod, waitingPairs, weeksRelation, type Period, type RawOpenByAge, blockerOf, hoursOf, msOf, reportFreshUntil } from "./span-queries.ts";

type Me = { teamId: string; profileId: string };

/** My blocking spans `k`, my done ones `done`, the waiting pairs on them, my own waiting spans `mine`, and what I waited on that was resolved. */
function periodRelations(me: Me, period: Period): SQL {
  const { end } = bounds(period);
  return sql`k as (
      select s.blocker_id, s.profile_id, s.started_at, s.ended_at, s.outcome, s.nudges from blocker_spans s
      where s.profile_id = ${me.profileId}::uuid and s.kind = 'blocking' and s.organization_id = ${me.teamId} and ${overlaps("s", period)}
    ),
    done as (select k.*, extract(epoch from k.ended_at - k.started_at) as seconds from k where k.outcome = 'done' and k.ended_at <= ${end}),
    pairs as (${waitingPairs(me.teamId, period)}),
    mine as (
      select s.blocker_id, greatest(s.started_at, ${period.start.toISOString()}::timestamptz) as ps, least(coalesce(s.ended_at, ${end}), ${end}) as pe from blocker_spans s
      where s.profile_id = ${me.profileId}::uuid and s.kind = 'waiting' and s.organization_id = ${me.teamId} and ${overlaps("s", period)}
    ),
    unblocked as (
      select extract(epoch from o.ended_at - o.started_at) as seconds from blocker_spans o
      where o.blocker_id in (select blocker_id from mine) and o.kind = 'open' and o.outcome = 'resolved' and ${overlaps("o", period)} and o.ended_at <= ${end}
    )`;
}

const summarySelect = sql`json_build_object(
    'blockers', (select count(distinct blocker_id) from k),
    'personSeconds', (select coalesce(sum(extract(epoch from pe - ps)), 0) from pairs where pe > ps),
    'done', (select count(*) from done),
    'medianSeconds', (select percentile_cont(0.5) within group (order by seconds) from done),
    'p90Seconds', (select percentile_cont(0.9) within group (order by seconds) from done),
    'nudgesBeforeDone', (select avg(nudges) from done),
    'waitedBlockers', (select count(distinct blocker_id) from mine),
    'waitedSeconds', (select coalesce(sum(extract(epoch from pe - ps)), 0) from mine where pe > ps),
    'waitedMedianSeconds', (select percentile_cont(0.5) within group (order by seconds) from unblocked)
  )`;

type RawSummary = {
  blockers: number;
  personSeconds: number;
  done: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  nudgesBeforeDone: number | string | null;
  waitedBlockers: number;
  waitedSeconds: number;
  waitedMedianSeconds: number | null;
};
type RawReport = {
  summary: RawSummary;
  weeks: { week: string; done: number; medianSeconds: number | null; personSeconds: number; waitedSeconds: number }[];
  open: RawOpenByAge;
};

function reportQuery(me: Me, range: InsightRange): SQL {
  const period = currentPeriod(range);
  const { end } = bounds(period);
  const clipped = (start: string, stop: string) => sql.raw(`greatest(extract(epoch from least(${stop}, wk.we) - greatest(${start}, wk.ws)), 0)`);
  return sql`(with ${periodRelations(me, period)}, weeks as (${weeksRelation(range)})
    select json_build_object(
      'summary', ${summarySelect},
      'weeks', (select json_agg(json_build_object('week', wk.week,
                'done', (select count(*) from done d where d.ended_at >= wk.ws and d.ended_at < wk.we),
                'medianSeconds', (select percentile_cont(0.5) within group (order by d.seconds) from done d where d.ended_at >= wk.ws and d.ended_at < wk.we),
                'personSeconds', (select coalesce(sum(${clipped("p.ps", "p.pe")}), 0) from pairs p where p.pe > wk.ws and p.ps < wk.we),
                'waitedSeconds', (select coalesce(sum(${clipped("m.ps", "m.pe")}), 0) from mine m where m.pe > wk.ws and m.ps < wk.we)
              ) order by wk.week) from weeks wk),
      'open', ${openByAgeJson(sql`select k.blocker_id, b.title, b.priority, k.started_at as opened_at, extract(epoch from ${end} - k.started_at) as age_seconds
                from k ${blockerOf("k")} where k.ended_at is null or k.ended_at > ${end}`)}
    ))`;
}

const previousQuery = (me: Me, range: InsightRange) => sql`(with ${periodRelations(me, previousPeriod(range))} select ${summarySelect})`;


function summaryOf(raw: RawSummary) {
  return {
    blockers: Number(raw.blockers),
    personHours: hoursOf(Number(raw.personSeconds)),
    done: Number(raw.done),
    medianTimeToDoneMs: msOf(raw.medianSeconds),
    p90TimeToDoneMs: msOf(raw.p90Seconds),
    nudgesBeforeDone: raw.nudgesBeforeDone === null ? null : Math.round(Number(raw.nudgesBeforeDone) * 10) / 10,
    waitedBlockers: Number(raw.waitedBlockers),
    waitedHours: hoursOf(Number(raw.waitedSeconds)),
    waitedMedianMs: msOf(raw.waitedMedianSeconds),
  };
}

export async function personalInsights(db: Database, me: Me, range: InsightRange) {
  const [raw, previous] = await Promise.all([jsonValue<RawReport>(db, reportQuery(me, range)), jsonValue<RawSummary>(db, previousQuery(me, range))]);
  return {
    range: rangeAnswer(range),
    summary: summaryOf(raw.summary),
    previous: summaryOf(previous),
    weeks: raw.weeks.map((week) => ({ week: week.week, done: Number(week.done), medianTimeToDoneMs: msOf(week.medianSeconds), personHours: hoursOf(Number(week.personSeconds)), waitedHours: hoursOf(Number(week.waitedSeconds)) })),
    openByAge: openByAgeOf(raw.open),
  };
}

/** A member's own report in their current team; on the Free plan, within the last 30 days. */
export async function readPersonalInsights(deps: { db: Database; config: Pick<Config, "defaultPlan" | "stripe">; answers: AnswerCache }, member: Member, asked: AskedRange, now: Date) {
  const plan = await planOfTeam(deps, member.teamId);
  const range = insightRange(asked, member.timezone, now, plan);
  // Kept, as the team's is, until the team changes or a minute passes.
  const key = `insights-me:${member.teamId}:${member.profileId}:${range.from}:${range.to}`;
  const report = await deps.answers.read(
    key,
    { teamId: member.teamId },
    async () => {
      const [numbers, firstBlockerAt] = await Promise.all([personalInsights(deps.db, member, range), personFirstBlockerAt(deps.db, member.teamId, member.profileId)]);
      // When the person's own history in the team began, whatever the range: the page's first week (decision 050).
      return { ...numbers, history: { firstBlockerAt } };
    },
    { freshUntil: reportFreshUntil(now) },
  );
  return { plan, ...report };
}
