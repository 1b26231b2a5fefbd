// A report's range, from what was asked (two calendar days, both included, of the viewer's time zone) to the two
// instants the queries use, with the period before it of the same length for "↓ 18% vs the previous 30 days".
// What depends on today is checked here against the app's clock: not in the future, at most two years long, and
// on the Free plan within the last 30 days (DESIGN.md §7).
import { Temporal } from "temporal-polyfill";
import { DEFAULT_INSIGHT_DAYS, FREE_INSIGHT_DAYS, INSIGHT_RANGE_MAX_DAYS, type AskedRange } from "../../../common/insights.ts";
import { paths } from "../../../common/paths.ts";
import { fieldRefusal, Refusal } from "../../http/refusal.ts";
import type { Plan } from "../billing/plan-of-team.ts";

export type InsightRange = {
  /** As asked, or as defaulted: calendar days of `timezone`, both included. */
  from: string;
  to: string;
  days: number;
  timezone: string;
  /** The first instant of `from`, and the end of `to` or now, whichever comes first. */
  start: Date;
  end: Date;
  /** The period just before, of the same length. */
  previousStart: Date;
  /** The Mondays (local) of the weeks the range touches, oldest first: the weekly series' rows. */
  weeks: string[];
};

export const plusRequired = (message: string) => new Refusal(403, "plus_required", message, { upgradeUrl: paths.organizationBilling });
export const FREE_RANGE_MESSAGE = `The Free plan shows the last ${FREE_INSIGHT_DAYS} days. Upgrade to Plus for any range.`;

const startOfDay = (day: Temporal.PlainDate, timezone: string) => new Date(day.toZonedDateTime({ timeZone: timezone }).epochMilliseconds);

export function todayIn(timezone: string, now: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone).toPlainDate();
}

export function insightRange(asked: AskedRange, timezone: string, now: Date, plan: Plan): InsightRange {
  const today = todayIn(timezone, now);
  const to = asked.to ? Temporal.PlainDate.from(asked.to) : today;
  const from = asked.from ? Temporal.PlainDate.from(asked.from) : to.subtract({ days: Number(asked.days ?? DEFAULT_INSIGHT_DAYS) - 1 });
  if (Temporal.PlainDate.compare(to, today) > 0) throw fieldRefusal("to", "Choose a day that is not in the future");
  if (Temporal.PlainDate.compare(from, to) > 0) throw fieldRefusal("to", "End the range on or after its first day");
  const days = from.until(to, { largestUnit: "days" }).days + 1;
  if (days > INSIGHT_RANGE_MAX_DAYS) throw fieldRefusal("from", "Choose a range of at most two years");
  if (plan === "free" && Temporal.PlainDate.compare(from, today.subtract({ days: FREE_INSIGHT_DAYS - 1 })) < 0) throw plusRequired(FREE_RANGE_MESSAGE);

  const start = startOfDay(from, timezone);
  const end = new Date(Math.min(startOfDay(to.add({ days: 1 }), timezone).getTime(), now.getTime()));
  const weeks: string[] = [];
  for (let monday = from.subtract({ days: from.dayOfWeek - 1 }); Temporal.PlainDate.compare(monday, to) <= 0; monday = monday.add({ weeks: 1 })) weeks.push(monday.toString());
  return { from: from.toString(), to: to.toString(), days, timezone, start, end, previousStart: new Date(start.getTime() - (end.getTime() - start.getTime())), weeks };
}

/** The range as answers give it back: what the page shows and the weeks its series are in. */
export const rangeAnswer = (range: InsightRange) => ({ from: range.from, to: range.to, days: range.days, timezone: range.timezone, start: range.start, end: range.end, weeks: range.weeks });
