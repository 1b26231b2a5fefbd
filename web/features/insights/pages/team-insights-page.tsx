// /organization/insights: who holds the team up and for how long, and whether it is getting better (issue #13).
// Every member may read it; on the Free plan it is a preview of the last 30 days.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { teamInsightTables } from "@/common/insights";
import { paths } from "@/common/paths";
import { formatDateTime } from "@/web/lib/date-time";
import { personName } from "@/web/lib/person-name";
import { teamInsightsQueryOptions, type TeamInsights } from "../api/get-team-insights";
import { anyWeekCounted, anyWeekMeasured, DelayTimeline, DrawingCaption, priorityColor, useWeekLabel, WeeklyCounts, WeeklyLines, type TimelineBar } from "../components/charts";
import { FirstDays } from "../components/first-days";
import { TeamFilters } from "../components/insight-controls";
import { OpenByAge } from "../components/open-by-age";
import { ChartFigure, Comparison, DataTable, HeadlineNumbers, hoursOf, ReportFrame, StatTile, useDuration, useNumber } from "../components/report-parts";
import { useInsightView } from "../components/use-insight-view";
import { WhoBlocks } from "../components/who-blocks";

export default function TeamInsightsPage() {
  const state = useInsightView("team");
  const query = useQuery(teamInsightsQueryOptions(state.view));
  return (
    <ReportFrame report="team" tables={teamInsightTables} state={state} query={query} filters={<TeamFilters state={state} plan={query.data?.plan} />}>
      {(data) => <TeamReport data={data} />}
    </ReportFrame>
  );
}

function TeamReport({ data }: { data: TeamInsights }) {
  const { t } = useTranslation();
  const number = useNumber();
  const duration = useDuration();
  const weekLabel = useWeekLabel();
  const { summary, previous, range } = data;
  const days = range.days;
  const bars: TimelineBar[] = data.timeline.groups.flatMap((group) => group.bars.map((bar) => ({ ...bar, group: personName(group.person, t) })));
  const lastWeek = data.weeks.at(-1);
  const durationRows = data.weeks.map((week) => ({ week: week.week, median: hoursOf(week.medianTimeToUnblockMs), p90: hoursOf(week.p90TimeToUnblockMs) }));
  const countRows = data.weeks.map((week) => ({ week: week.week, created: week.created, resolved: week.resolved, nudges: week.nudgesPerResolved }));
  return (
    <>
      <FirstDays report="team" firstBlockerAt={data.history.firstBlockerAt} />
      <HeadlineNumbers>
        <StatTile
          testId="stat-person-hours"
          label={t("insights.team.personHours")}
          value={number(summary.personHours)}
          comparison={<Comparison now={summary.personHours} before={previous.personHours} days={days} better="lower" />}
        />
        <StatTile
          testId="stat-median"
          label={t("insights.team.median")}
          value={duration(summary.medianTimeToUnblockMs)}
          detail={summary.p90TimeToUnblockMs === null ? undefined : t("insights.team.p90", { duration: duration(summary.p90TimeToUnblockMs) })}
          comparison={<Comparison now={summary.medianTimeToUnblockMs} before={previous.medianTimeToUnblockMs} days={days} better="lower" />}
        />
        <StatTile
          testId="stat-resolved"
          label={t("insights.team.resolved")}
          value={number(summary.resolved)}
          detail={t("insights.team.loggedAndCancelled", { logged: number(summary.created), cancelled: number(summary.cancelled) })}
          comparison={<Comparison now={summary.resolved} before={previous.resolved} days={days} better="higher" />}
        />
        <StatTile
          testId="stat-nudges"
          label={t("insights.team.nudgesPerResolved")}
          value={summary.nudgesPerResolved === null ? "—" : number(summary.nudgesPerResolved)}
          comparison={<Comparison now={summary.nudgesPerResolved} before={previous.nudgesPerResolved} days={days} better="lower" />}
        />
      </HeadlineNumbers>

      <WhoBlocks rows={data.whoBlocks} />

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure
          title={t("insights.howLong.title")}
          summary={
            lastWeek?.medianTimeToUnblockMs != null
              ? t("insights.howLong.summary", { median: duration(summary.medianTimeToUnblockMs), p90: duration(summary.p90TimeToUnblockMs), week: weekLabel(lastWeek.week), last: duration(lastWeek.medianTimeToUnblockMs) })
              : t("insights.howLong.summaryNone")
          }
          chart={
            anyWeekMeasured(durationRows, ["median", "p90"]) ? (
              <WeeklyLines
                rows={durationRows}
                series={[
                  { key: "median", label: t("insights.howLong.median"), color: "var(--chart-1)" },
                  { key: "p90", label: t("insights.howLong.p90"), color: "var(--chart-3)", dashed: true },
                ]}
              />
            ) : null
          }
          table={
            <DataTable
              caption={t("insights.howLong.title")}
              columns={[t("insights.week"), t("insights.howLong.median"), t("insights.howLong.p90"), t("insights.trend.resolved")]}
              rows={data.weeks.map((week) => [weekLabel(week.week), duration(week.medianTimeToUnblockMs), duration(week.p90TimeToUnblockMs), number(week.resolved)])}
            />
          }
        />
        <ChartFigure
          title={t("insights.trend.title")}
          summary={t("insights.trend.summary", { created: number(summary.created), resolved: number(summary.resolved), weeks: data.weeks.length })}
          chart={
            // Counts and a ratio are two scales: two drawings on the same weeks, never two axes on one.
            anyWeekCounted(countRows, ["created", "resolved"]) ? (
              <div className="grid gap-4">
                <WeeklyCounts
                  rows={countRows}
                  height={200}
                  bars={[
                    { key: "created", label: t("insights.trend.created"), color: "var(--chart-2)" },
                    { key: "resolved", label: t("insights.trend.resolved"), color: "var(--chart-1)" },
                  ]}
                />
                {anyWeekMeasured(countRows, ["nudges"]) && (
                  <div>
                    <DrawingCaption>{t("insights.trend.nudges")}</DrawingCaption>
                    <WeeklyLines rows={countRows} unit="number" height={120} series={[{ key: "nudges", label: t("insights.trend.nudges"), color: "var(--chart-3)" }]} />
                  </div>
                )}
              </div>
            ) : null
          }
          table={
            <DataTable
              caption={t("insights.trend.title")}
              columns={[t("insights.week"), t("insights.trend.created"), t("insights.trend.resolved"), t("insights.trend.cancelled"), t("insights.trend.nudges")]}
              rows={data.weeks.map((week) => [weekLabel(week.week), number(week.created), number(week.resolved), number(week.cancelled), week.nudgesPerResolved === null ? "—" : number(week.nudgesPerResolved)])}
            />
          }
        />
      </div>

      <OpenByAge title={t("insights.open.teamTitle")} description={t("insights.open.teamDescription")} buckets={data.openByAge} />

      <ChartFigure
        title={t("insights.timeline.title")}
        summary={
          data.timeline.total === 0
            ? t("insights.timeline.none")
            : data.timeline.total > bars.length
              ? t("insights.timeline.summaryLongest", { shown: number(bars.length), total: number(data.timeline.total) })
              : t("insights.timeline.summary", { count: bars.length })
        }
        actions={<PriorityLegend />}
        chart={bars.length > 0 ? <DelayTimeline bars={bars} range={{ start: String(range.start), end: String(range.end) }} /> : null}
        table={
          <DataTable
            caption={t("insights.timeline.title")}
            columns={[t("insights.timeline.blocker"), t("insights.timeline.waitingOnColumn"), t("insights.timeline.start"), t("insights.timeline.end"), t("blockers.priority.label")]}
            rows={bars.map((bar) => [
              <Link key={bar.blockerId} to={paths.blocker(bar.blockerId)} className="underline-offset-4 hover:underline">
                {bar.title}
              </Link>,
              bar.group,
              formatDateTime(bar.start),
              bar.status === "open" ? t("insights.timeline.stillOpen") : formatDateTime(bar.end),
              t(`blockers.priority.${bar.priority}`),
            ])}
          />
        }
      />
    </>
  );
}

/** What the timeline's colours mean, in words beside each swatch. */
function PriorityLegend() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground" aria-label={t("insights.timeline.legend")}>
      {(["urgent", "high", "normal", "low"] as const).map((priority) => (
        <li key={priority} className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm" style={{ background: priorityColor(priority) }} aria-hidden="true" />
          {t(`blockers.priority.${priority}`)}
        </li>
      ))}
    </ul>
  );
}
