// The reports' drawings, with recharts. Each is decoration for sighted readers: ChartFigure gives screen readers its
// summary and its table instead, so the drawings have no keyboard layer of their own. Colours come from the theme
// (light and dark) and series differ by more than colour: a dashed line beside a solid one. A drawing has one
// scale: two measures of different units are two drawings, one above the other, on the same weeks (decision 050).
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { BlockerPriority } from "@/common/blockers";
import { HOUR_MS } from "@/common/durations";
import { paths } from "@/common/paths";
import { formatDateTime } from "@/web/lib/date-time";
import { formatDuration } from "@/web/lib/relative-time";

const axis = { stroke: "var(--muted-foreground)", fontSize: 12, tickLine: false };
const tooltipStyle = { contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)", borderRadius: 8, fontSize: 12 }, labelStyle: { color: "var(--popover-foreground)" } };
export const priorityColor = (priority: BlockerPriority) => `var(--priority-${priority})`;

/** A week's Monday ("2026-11-02") as a short date in the reader's language ("Nov 2"). */
export function useWeekLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  return (week: string) => format.format(new Date(`${week}T00:00:00Z`));
}

type Series = { key: string; label: string; color: string; dashed?: boolean };
type WeekRows = Record<string, string | number | null>[];

/**
 * Whether a weekly drawing has anything to show. Measures (a median, nudges per resolved blocker) are null in a week
 * without any, and zero is a value; counts are zero in a week without any. A drawing of nothing says nothing.
 */
export const anyWeekMeasured = (rows: WeekRows, keys: string[]) => rows.some((row) => keys.some((key) => typeof row[key] === "number"));
export const anyWeekCounted = (rows: WeekRows, keys: string[]) => rows.some((row) => keys.some((key) => typeof row[key] === "number" && row[key] > 0));

/**
 * Values per week as lines on one scale: hours (the median and the 90th percentile of time to unblock, say) or plain
 * numbers (nudges per resolved blocker). One series needs no legend: the drawing's caption names it. Drawn as a
 * ComposedChart so that each week sits in the middle of its band, where WeeklyCounts puts its bars: a drawing stacked
 * under bars has its weeks right under theirs.
 */
export function WeeklyLines({ rows, series, unit = "hours", height = 240 }: { rows: WeekRows; series: Series[]; unit?: "hours" | "number"; height?: number }) {
  const { t } = useTranslation();
  const weekLabel = useWeekLabel();
  const tick = unit === "hours" ? (hours: number) => `${Math.round(hours)}h` : (value: number) => `${Math.round(value * 10) / 10}`;
  const value = (raw: unknown) => (typeof raw !== "number" ? "—" : unit === "hours" ? formatDuration(raw * HOUR_MS, t) : `${raw}`);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" scale="band" tickFormatter={weekLabel} {...axis} />
        <YAxis {...axis} width={48} tickFormatter={tick} allowDecimals={unit !== "number"} />
        <Tooltip {...tooltipStyle} labelFormatter={(week) => weekLabel(String(week))} formatter={value} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((line) => (
          <Line key={line.key} type="monotone" dataKey={line.key} name={line.label} stroke={line.color} strokeWidth={2} strokeDasharray={line.dashed ? "5 4" : undefined} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Counts per week as bars, on one scale. A bar is at most 40 px wide: two weeks of history are two bars, not two slabs. */
export function WeeklyCounts({ rows, bars, height = 240 }: { rows: WeekRows; bars: Series[]; height?: number }) {
  const weekLabel = useWeekLabel();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={weekLabel} {...axis} />
        <YAxis allowDecimals={false} {...axis} width={48} />
        <Tooltip {...tooltipStyle} labelFormatter={(week) => weekLabel(String(week))} cursor={{ fill: "var(--muted)" }} />
        {bars.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {bars.map((bar) => (
          <Bar key={bar.key} dataKey={bar.key} name={bar.label} fill={bar.color} maxBarSize={40} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A small drawing's caption, above it: what a drawing stacked under another measures. */
export function DrawingCaption({ children }: { children: string }) {
  return <p className="mb-1 text-xs font-medium text-muted-foreground">{children}</p>;
}

/** A row's trend in a few pixels: person-hours week by week. */
export function Sparkline({ values }: { values: number[] }) {
  return (
    <LineChart width={96} height={28} data={values.map((value, index) => ({ index, value }))} accessibilityLayer={false}>
      <Line type="monotone" dataKey="value" stroke="var(--chart-1)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
    </LineChart>
  );
}

/** The timeline's rows and bars, in pixels: a row per bar, the dates' axis under them. */
const TIMELINE_ROW_PX = 26;
const TIMELINE_BAR_MAX_PX = 18;
const TIMELINE_AXIS_PX = 34;

export type TimelineBar = { blockerId: string; title: string; priority: BlockerPriority; start: string; end: string; status: string; group: string };

/**
 * The timeline of delays: one bar per blocker from its start (or the range's) to its resolution (or the range's
 * end), coloured by priority, rows grouped by the person waited on. Pointing at a bar names it; a click opens it.
 */
export function DelayTimeline({ bars, range }: { bars: TimelineBar[]; range: { start: string; end: string } }) {
  const navigate = useNavigate();
  const rows = bars.map((bar, index) => ({ ...bar, row: `${index}`, span: [new Date(bar.start).getTime(), new Date(bar.end).getTime()] as [number, number] }));
  const start = new Date(range.start).getTime();
  const end = new Date(range.end).getTime();
  const dayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
  // A group's name beside its first bar only, as a heading for the rows under it.
  const groupStartLabel = (index: number) => (index === 0 || rows[index - 1]?.group !== rows[index]?.group ? (rows[index]?.group ?? "") : "");
  // Each row its own height, whatever their number: one blocker is one thin bar above the dates, not a slab.
  return (
    <ResponsiveContainer width="100%" height={rows.length * TIMELINE_ROW_PX + TIMELINE_AXIS_PX}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }} barCategoryGap={4} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" dataKey="span" domain={[start, end]} scale="time" tickFormatter={(time: number) => dayFormat.format(new Date(time))} {...axis} />
        <YAxis type="category" dataKey="row" width={120} {...axis} tickFormatter={(row: string) => groupStartLabel(Number(row))} interval={0} />
        <Tooltip
          {...tooltipStyle}
          cursor={{ fill: "var(--muted)" }}
          content={<TimelineTooltip />}
        />
        {/* A blocker of minutes on a range of weeks still shows (and can be chosen): at least 4 px. */}
        <Bar dataKey="span" minPointSize={4} maxBarSize={TIMELINE_BAR_MAX_PX} isAnimationActive={false} cursor="pointer" onClick={(entry: { payload?: { blockerId?: string } }) => entry.payload?.blockerId && navigate(paths.blocker(entry.payload.blockerId))}>
          {rows.map((bar) => (
            <Cell key={`${bar.blockerId}-${bar.row}`} fill={priorityColor(bar.priority)} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** What pointing at a bar of the timeline says: the blocker, whom it waited on, from when to when, its priority. */
function TimelineTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const { t } = useTranslation();
  const bar = active ? (payload?.[0]?.payload as TimelineBar | undefined) : undefined;
  if (!bar) return null;
  return (
    <div className="grid max-w-72 gap-0.5 rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{bar.title}</p>
      <p>{t("insights.timeline.waitingOn", { name: bar.group })}</p>
      <p>
        {formatDateTime(bar.start)} → {bar.status === "open" ? t("insights.timeline.stillOpen") : formatDateTime(bar.end)}
      </p>
      <p>{t(`blockers.priority.${bar.priority}`)}</p>
    </div>
  );
}

export type SampleRow = { name: string; value: number };

/**
 * A report's sample in its first week (decision 050): made-up values as grey bars, each with its value written at
 * its end, so it reads as an outline of what is to come and never as the team's own figures. `people`: one bar per
 * person, across; `weeks`: one per week, upright. No tooltip and nothing to choose: there is nothing behind it.
 */
export function SampleBars({ rows, layout, valueLabel }: { rows: SampleRow[]; layout: "people" | "weeks"; valueLabel: (value: number) => string }) {
  const bar = { dataKey: "value", fill: "var(--muted-foreground)", fillOpacity: 0.4, isAnimationActive: false } as const;
  const label = { dataKey: "value", fill: "var(--muted-foreground)", fontSize: 12, formatter: (value: unknown) => valueLabel(Number(value)) } as const;
  if (layout === "people") {
    return (
      <ResponsiveContainer width="100%" height={rows.length * 28 + 8}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 56, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <XAxis type="number" hide domain={[0, "dataMax"]} />
          <YAxis type="category" dataKey="name" width={76} {...axis} axisLine={false} />
          <Bar {...bar} maxBarSize={16} radius={[0, 3, 3, 0]}>
            <LabelList {...label} position="right" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={150}>
      <BarChart data={rows} margin={{ top: 20, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <XAxis dataKey="name" {...axis} />
        <YAxis hide domain={[0, "dataMax"]} />
        <Bar {...bar} maxBarSize={32} radius={[3, 3, 0, 0]}>
          <LabelList {...label} position="top" />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
