// /insights: a member's own numbers in their current team (issue #13) — how fast they unblock others and how long
// they wait, what still waits on them, the nudges they needed, week by week.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { personalInsightTables } from "@/common/insights";
import { personalInsightsQueryOptions, type PersonalInsights } from "../api/get-personal-insights";
import { anyWeekCounted, DrawingCaption, useWeekLabel, WeeklyCounts, WeeklyLines } from "../components/charts";
import { FirstDays } from "../components/first-days";
import { OpenByAge } from "../components/open-by-age";
import { ChartFigure, Comparison, DataTable, HeadlineNumbers, hoursOf, ReportFrame, StatTile, useDuration, useNumber } from "../components/report-parts";
import { useInsightView } from "../components/use-insight-view";

export default function MyInsightsPage() {
  const state = useInsightView("me");
  const query = useQuery(personalInsightsQueryOptions(state.view));
  return (
    <ReportFrame report="me" tables={personalInsightTables} state={state} query={query}>
      {(data) => <MyReport data={data} />}
    </ReportFrame>
  );
}

function MyReport({ data }: { data: PersonalInsights }) {
  const { t } = useTranslation();
  const number = useNumber();
  const duration = useDuration();
  const weekLabel = useWeekLabel();
  const { summary, previous, range } = data;
  const days = range.days;
  const weekRows = data.weeks.map((week) => ({ week: week.week, done: week.done, median: hoursOf(week.medianTimeToDoneMs) }));
  return (
    <>
      <FirstDays report="me" firstBlockerAt={data.history.firstBlockerAt} />
      <HeadlineNumbers>
        <StatTile
          testId="stat-person-hours"
          label={t("insights.mine.personHours")}
          value={number(summary.personHours)}
          detail={t("insights.mine.blockers", { count: summary.blockers })}
          comparison={<Comparison now={summary.personHours} before={previous.personHours} days={days} better="lower" />}
        />
        <StatTile
          testId="stat-median"
          label={t("insights.mine.median")}
          value={duration(summary.medianTimeToDoneMs)}
          detail={summary.p90TimeToDoneMs === null ? t("insights.mine.noneDone") : t("insights.mine.p90", { duration: duration(summary.p90TimeToDoneMs), count: summary.done })}
          comparison={<Comparison now={summary.medianTimeToDoneMs} before={previous.medianTimeToDoneMs} days={days} better="lower" />}
        />
        <StatTile
          testId="stat-nudges"
          label={t("insights.mine.nudges")}
          value={summary.nudgesBeforeDone === null ? "—" : number(summary.nudgesBeforeDone)}
          comparison={<Comparison now={summary.nudgesBeforeDone} before={previous.nudgesBeforeDone} days={days} better="lower" />}
        />
        <StatTile
          testId="stat-waited"
          label={t("insights.mine.waited")}
          value={t("insights.hoursValue", { hours: number(summary.waitedHours) })}
          detail={summary.waitedMedianMs === null ? t("insights.mine.waitedBlockers", { count: summary.waitedBlockers }) : t("insights.mine.waitedMedian", { count: summary.waitedBlockers, duration: duration(summary.waitedMedianMs) })}
          comparison={<Comparison now={summary.waitedHours} before={previous.waitedHours} days={days} better="lower" />}
        />
      </HeadlineNumbers>

      <ChartFigure
        title={t("insights.mine.weeksTitle")}
        summary={t("insights.mine.weeksSummary", { count: summary.done, weeks: data.weeks.length, personHours: number(summary.personHours) })}
        chart={
          // Parts done (a count) and the median time to done (hours): two drawings on the same weeks, one scale each.
          anyWeekCounted(weekRows, ["done"]) ? (
            <div className="grid gap-4">
              <div>
                <DrawingCaption>{t("insights.mine.done")}</DrawingCaption>
                <WeeklyCounts rows={weekRows} height={180} bars={[{ key: "done", label: t("insights.mine.done"), color: "var(--chart-1)" }]} />
              </div>
              <div>
                <DrawingCaption>{t("insights.mine.medianHours")}</DrawingCaption>
                <WeeklyLines rows={weekRows} height={140} series={[{ key: "median", label: t("insights.mine.medianHours"), color: "var(--chart-3)" }]} />
              </div>
            </div>
          ) : null
        }
        table={
          <DataTable
            caption={t("insights.mine.weeksTitle")}
            columns={[t("insights.week"), t("insights.mine.done"), t("insights.mine.median"), t("insights.mine.personHours"), t("insights.mine.waited")]}
            rows={data.weeks.map((week) => [weekLabel(week.week), number(week.done), duration(week.medianTimeToDoneMs), number(week.personHours), t("insights.hoursValue", { hours: number(week.waitedHours) })])}
          />
        }
      />

      <OpenByAge title={t("insights.open.mineTitle")} description={t("insights.open.mineDescription")} buckets={data.openByAge} />
    </>
  );
}
