// Insights (issue #13): what may be asked of the reports and the words they use, shared by the server and the web app.
import { z } from "zod";
import { blockerPriorities, blockerSources, calendarDateSchema, profileIdSchema } from "./blockers.ts";

/** The reports' rollup (server/db/app-schema.ts `blocker_spans`): what a stretch of time is of. */
export const blockerSpanKinds = ["open", "blocking", "waiting"] as const;
/**
 * How a span ended. `open`: resolved or cancelled. `blocking`: done, declined, released (the blocker ended or the
 * person left the team while it was pending) or removed (taken off the blocker). `waiting`: ended (the blocker
 * ended) or removed.
 */
export const blockerSpanOutcomes = ["resolved", "cancelled", "done", "declined", "released", "removed", "ended"] as const;

/** The ranges offered at once, in days ending today (the viewer's today). */
export const INSIGHT_PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_INSIGHT_DAYS = 30;
/** The longest range a report covers: two years (731 days, a leap day included). */
export const INSIGHT_RANGE_MAX_DAYS = 731;
/** The Free plan's insights: the last 30 days (DESIGN.md §7). */
export const FREE_INSIGHT_DAYS = 30;

/** Open items by age: under a day, one to three days, three to seven, over a week. */
export const openAgeBuckets = ["under1d", "days1to3", "days3to7", "over7d"] as const;
export type OpenAgeBucket = (typeof openAgeBuckets)[number];
/** Each bucket's lower bound, in days. */
export const OPEN_AGE_BUCKET_START_DAYS: Record<OpenAgeBucket, number> = { under1d: 0, days1to3: 1, days3to7: 3, over7d: 7 };

/** A calendar day between 1970 and 9999, as every date the API takes. */
const calendarDay = calendarDateSchema;

/** That the range does not end before it starts: said on `to`. */
const endsAfterStart = (range: { from?: string | undefined; to?: string | undefined }) => !range.from || !range.to || range.from <= range.to;
const endAfterStart = [endsAfterStart, { path: ["to"], message: "End the range on or after its first day" }] as [typeof endsAfterStart, { path: string[]; message: string }];
/** That a range is given one way: the last n days, or dates. */
const oneWay = (range: { days?: string | undefined; from?: string | undefined; to?: string | undefined }) => !range.days || (!range.from && !range.to);
const oneWayOnly = [oneWay, { path: ["days"], message: "Choose either a number of days or dates, not both" }] as [typeof oneWay, { path: string[]; message: string }];
/** The presets, as the address and the API name them ("the last 30 days": days=30). */
export const insightPresets = INSIGHT_PRESET_DAYS.map(String) as ["7", "30", "90"];
const rangeFields = { days: z.enum(insightPresets).optional(), from: calendarDay.optional(), to: calendarDay.optional() };
/** The fields of the team's view one by one (the address is read field by field: a bad one is left out). */
export const teamFields = { ...rangeFields, person: profileIdSchema.optional(), priority: z.enum(blockerPriorities).optional(), source: z.enum(blockerSources).optional() };

/**
 * A report's range: two calendar days of the viewer's time zone, both included. Either may be left out (the last
 * 30 days); that `to` is not before `from` is checked here, what depends on today (not in the future, not longer
 * than two years, within the plan) by the server against its clock.
 */
export const insightRangeSchema = z
  .object(rangeFields)
  .refine(...endAfterStart)
  .refine(...oneWayOnly);

/** The team's report: the range and the filters that make a view worth sharing, as the page's URL keeps them. */
export const teamInsightQuerySchema = z
  .object(teamFields)
  .refine(...endAfterStart)
  .refine(...oneWayOnly);
export type TeamInsightQuery = z.infer<typeof teamInsightQuerySchema>;

/** What can be exported as CSV: each table of the reports, and the range's blockers one per row. */
export const personalInsightTables = ["summary", "weeks", "open"] as const;
export const teamInsightTables = ["summary", "who-blocks", "weeks", "open", "timeline", "blockers"] as const;
export type PersonalInsightTable = (typeof personalInsightTables)[number];
export type TeamInsightTable = (typeof teamInsightTables)[number];

export const personalInsightExportSchema = z
  .object({ ...rangeFields, table: z.enum(personalInsightTables) })
  .refine(...endAfterStart)
  .refine(...oneWayOnly);
export const teamInsightExportSchema = z
  .object({ ...teamFields, table: z.enum(teamInsightTables) })
  .refine(...endAfterStart)
  .refine(...oneWayOnly);

/** What a report is asked for: the last n days, or two dates; neither is the last DEFAULT_INSIGHT_DAYS. */
export type AskedRange = { days?: (typeof insightPresets)[number] | undefined; from?: string | undefined; to?: string | undefined };
