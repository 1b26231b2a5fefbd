// The SQL both reports are made of (decision 037): spans of the rollup that overlap a period, clipped to it, and
// the person-hours of waiting they add up to. Every duration is counted inside the period only: a blocker still
// open at its end counts up to the end, one begun before it from its start.
import { sql, type SQL } from "drizzle-orm";
import type { BlockerPriority } from "../../../common/blockers.ts";
import { OPEN_AGE_BUCKET_START_DAYS, openAgeBuckets, type OpenAgeBucket } from "../../../common/insights.ts";
import type { InsightRange } from "./insight-range.ts";

/** Open items listed per age bucket (the oldest); the count says how many there are. */
export const OPEN_LISTED_MAX = 50;
const DAY_SECONDS = 24 * 60 * 60;

export type Period = { start: Date; end: Date };

export const currentPeriod = (range: InsightRange): Period => ({ start: range.start, end: range.end });
export const previousPeriod = (range: InsightRange): Period => ({ start: range.previousStart, end: range.start });

/** `alias`'s spans that were going on at some moment of the period. */
export const overlaps = (alias: string, period: Period) =>
  sql`${sql.raw(alias)}.started_at < ${period.end.toISOString()}::timestamptz and (${sql.raw(alias)}.ended_at > ${period.start.toISOString()}::timestamptz or ${sql.raw(alias)}.ended_at is null)`;

/** The period's bounds as SQL values. */
export const bounds = (period: Period) => ({ start: sql`${period.start.toISOString()}::timestamptz`, end: sql`${period.end.toISOString()}::timestamptz` });

/**
 * Each pair of a blocking span (relation `k`: blocker_id, profile_id, started_at, ended_at) and a span of someone
 * waiting on the same blocker, as the stretch of the period both were going on (`ps` to `pe`): a person-hour of
 * waiting is one hour of one such stretch. Snoozed time is inside it: a snoozed part still holds people up.
 */
export function waitingPairs(teamId: string, period: Period): SQL {
  const { start, end } = bounds(period);
  // Only the waiting spans of the period, found by the team's index: the team's older history is never read.
  return sql`select k.profile_id, k.blocker_id,
      greatest(k.started_at, w.started_at, ${start}) as ps,
      least(coalesce(k.ended_at, ${end}), coalesce(w.ended_at, ${end}), ${end}) as pe
    from k join blocker_spans w on w.blocker_id = k.blocker_id and w.kind = 'waiting' and w.organization_id = ${teamId} and ${overlaps("w", period)}`;
}

/**
 * A blocker's title and priority for each row of `alias` (a few rows: those shown), looked up one by one by primary
 * key — "offset 0" keeps the planner from hashing the team's whole history of blockers instead.
 */
export const blockerOf = (alias: string) => sql.raw(`cross join lateral (select b.title, b.priority from blockers b where b.id = ${alias}.blocker_id offset 0) b`);

/** The weeks of the range (their local Mondays), each with its first and last instant in the viewer's time zone. */
export function weeksRelation(range: InsightRange): SQL {
  const mondays = sql.join(
    range.weeks.map((monday) => sql`${monday}::date`),
    sql`, `,
  );
  return sql`select to_char(d, 'YYYY-MM-DD') as week, (d::timestamp at time zone ${range.timezone}) as ws, ((d + 7)::timestamp at time zone ${range.timezone}) as we
    from unnest(array[${mondays}]) as d`;
}

/**
 * Open items by age as JSON: for each bucket (common/insights.ts) its count and its oldest OPEN_LISTED_MAX items.
 * `items` is a relation of blocker_id, title, priority, opened_at and age_seconds.
 */
export function openByAgeJson(items: SQL): SQL {
  const bucket = sql.raw(
    `case ${[...openAgeBuckets]
      .reverse()
      .map((name) => `when age_seconds >= ${OPEN_AGE_BUCKET_START_DAYS[name] * DAY_SECONDS} then '${name}'`)
      .join(" ")} end`,
  );
  return sql`(select coalesce(json_object_agg(bucket, json_build_object('count', total, 'blockers', listed)), '{}'::json) from (
      select bucket, count(*) as total,
        coalesce(json_agg(json_build_object('id', blocker_id, 'title', title, 'priority', priority, 'openedAt', opened_at) order by opened_at) filter (where place <= ${OPEN_LISTED_MAX}), '[]'::json) as listed
      from (select i.*, ${bucket} as bucket, row_number() over (partition by ${bucket} order by opened_at) as place from (${items}) i) bucketed
      group by bucket) buckets)`;
}

export type RawOpenByAge = Partial<Record<OpenAgeBucket, { count: number; blockers: { id: string; title: string; priority: BlockerPriority; openedAt: string }[] }>>;

/** Every bucket, in order, empty ones included. */
export const openByAgeOf = (raw: RawOpenByAge) => openAgeBuckets.map((bucket) => ({ bucket, count: Number(raw[bucket]?.count ?? 0), blockers: raw[bucket]?.blockers ?? [] }));

/** The units of the answers: person-hours to a tenth, durations in milliseconds. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;
export const msOf = (seconds: number | null) => (seconds === null ? null : Math.round(Number(seconds) * 1000));
/** A share to a tenth (nudges per resolved blocker); null when there is nothing to share. */
export const perOf = (total: number, count: number) => (count > 0 ? Math.round((total / count) * 10) / 10 : null);

/**
 * How long a report read up to now is served again while nothing in the team changes: its figures are in hours,
 * and a minute is the precision the page states ("as of"). A range that ended before now reads the same until a
 * change (decision 037).
 */
export const REPORT_FRESH_MS = 60_000;
export const reportFreshUntil = (readAt: Date) => (value: { range: { end: Date } }) => (value.range.end < readAt ? null : new Date(readAt.getTime() + REPORT_FRESH_MS));
