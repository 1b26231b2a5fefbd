// The reports' drawings, with recharts. Each is decoration for sighted readers: ChartFigure gives screen readers its
// summary and its table instead, so the drawings have no keyboard layer of their own. Colours come from the theme
// (light and dark) and series differ by more than colour: a dashed line, bars against a line.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
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

/** Hours per week as lines: the median and the 90th percentile of time to unblock, say. */
export function WeeklyDurations({ rows, series }: { rows: Record<string, string | number | null>[]; series: Series[] }) {
  const { t } = useTranslation();
  const weekLabel = useWeekLabel();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={weekLabel} {...axis} />
        <YAxis {...axis} width={48} tickFormatter={(hours: number) => `${Math.round(hours)}h`} />
        <Tooltip {...tooltipStyle} labelFormatter={(week) => weekLabel(String(week))} formatter={(hours) => (typeof hours === "number" ? formatDuration(hours * HOUR_MS, t) : "—")} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((line) => (
          <Line key={line.key} type="monotone" dataKey={line.key} name={line.label} stroke={line.color} strokeWidth={2} strokeDasharray={line.dashed ? "5 4" : undefined} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Counts per week as bars, with one more series as a line on its own axis (nudges per resolved blocker, say). */
export function WeeklyCounts({ rows, bars, line }: { rows: Record<string, string | number | null>[]; bars: Series[]; line?: Series }) {
  const weekLabel = useWeekLabel();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={weekLabel} {...axis} />
        <YAxis yAxisId="count" allowDecimals={false} {...axis} width={40} />
        {line && <YAxis yAxisId="line" orientation="right" {...axis} width={40} />}
        <Tooltip {...tooltipStyle} labelFormatter={(week) => weekLabel(String(week))} cursor={{ fill: "var(--muted)" }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {bars.map((bar) => (
          <Bar key={bar.key} yAxisId="count" dataKey={bar.key} name={bar.label} fill={bar.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        ))}
        {line && <Line yAxisId="line" type="monotone" dataKey={line.key} name={line.label} stroke={line.color} strokeWidth={2} strokeDasharray="5 4" dot={{ r: 3 }} connectNulls isAnimationActive={false} />}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** A row's trend in a few pixels: person-hours week by week. */
export function Sparkline({ values }: { values: number[] }) {
  return (
    <LineChart width={96} height={28} data={values.map((value, index) => ({ index, value }))} accessibilityLayer={false}>
      <Line type="monotone" dataKey="value" stroke="var(--chart-1)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
    </LineChart>
  );
}

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
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 22 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 8, bottom: 0, left: 0 }} barCategoryGap={3} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" dataKey="span" domain={[start, end]} scale="time" tickFormatter={(time: number) => dayFormat.format(new Date(time))} {...axis} />
        <YAxis type="category" dataKey="row" width={120} {...axis} tickFormatter={(row: string) => groupStartLabel(Number(row))} interval={0} />
        <Tooltip
          {...tooltipStyle}
          cursor={{ fill: "var(--muted)" }}
          content={<TimelineTooltip />}
        />
        {/* A blocker of minutes on a range of weeks still shows (and can be chosen): at least 4 px. */}
        <Bar dataKey="span" minPointSize={4} isAnimationActive={false} cursor="pointer" onClick={(entry: { payload?: { blockerId?: string } }) => entry.payload?.blockerId && navigate(paths.blocker(entry.payload.blockerId))}>
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
