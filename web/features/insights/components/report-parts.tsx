// The pieces both reports are made of: the Me/Team switch, headline numbers compared with the period before,
// a chart's frame (its summary in words and its data as a table), the CSV downloads, the Free plan's notice.
import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronDown, Download, Sparkles } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HOUR_MS } from "@/common/durations";
import { paths } from "@/common/paths";
import { PageFrame } from "@/web/components/page-frame";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/cn";
import { formatDuration } from "@/web/lib/relative-time";
import { usePageTitle } from "@/web/lib/use-page-title";
import { exportHref } from "../api/export-link";
import type { TeamInsightView } from "../api/insight-keys";
import { RangePicker } from "./insight-controls";
import type { InsightViewState } from "./use-insight-view";

/** A duration as hours to a tenth, what the charts' hour axes plot. */
export const hoursOf = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10);

/**
 * The frame both report pages share: heading, Export and the Me/Team switch, the Free plan's notice, the range (and
 * the team's filters), then the report once loaded (or its error, or its outline while it loads), then how it counts.
 */
export function ReportFrame<Report extends { plan: "free" | "plus"; range: { from: string; to: string } }>({
  report,
  tables,
  state,
  query,
  filters,
  children,
}: {
  report: "me" | "team";
  tables: readonly string[];
  state: InsightViewState;
  query: UseQueryResult<Report>;
  filters?: ReactNode;
  children: (data: Report) => ReactNode;
}) {
  const { t } = useTranslation();
  const words = report === "me" ? "insights.mine" : "insights.team";
  usePageTitle(t(`${words}.title`));
  const data = query.data;
  return (
    <PageFrame aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{t(`${words}.title`)}</h1>
          <p className="text-muted-foreground">{t(`${words}.description`)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu report={report} tables={tables} view={state.view} plan={data?.plan} />
          <InsightTabs current={report} />
        </div>
      </div>
      {data?.plan === "free" && <FreePlanNotice report={report} />}
      <RangePicker state={state} shown={data?.range} plan={data?.plan} report={report} />
      {filters}
      {query.isError && !data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <output className="grid gap-4" aria-label={t("insights.loading")}>
          <div className="flex flex-wrap gap-3">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-28 flex-[1_1_10rem]" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </output>
      ) : (
        children(data)
      )}
      <CountingNotes />
    </PageFrame>
  );
}

/** Me (my own numbers) or Team (the team's): two pages, one switch. */
export function InsightTabs({ current }: { current: "me" | "team" }) {
  const { t } = useTranslation();
  const tab = (active: boolean) => cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground");
  return (
    <nav aria-label={t("insights.tabs.label")} className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
      <Link to={paths.insights} aria-current={current === "me" ? "page" : undefined} className={tab(current === "me")}>
        {t("insights.tabs.me")}
      </Link>
      <Link to={paths.organizationInsights} aria-current={current === "team" ? "page" : undefined} className={tab(current === "team")}>
        {t("insights.tabs.team")}
      </Link>
    </nav>
  );
}

/** Numbers in the reader's language: "1,204", "3.5". */
export function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

/** A length of time, or a dash when there is none (nothing was resolved). */
export function useDuration() {
  const { t } = useTranslation();
  return (ms: number | null) => (ms === null ? "—" : formatDuration(ms, t));
}

/**
 * How a number moved since the period before ("↓ 18% vs the previous 30 days"). `better`: which way is good news,
 * said in words too (the colour alone would not reach everyone).
 */
export function Comparison({ now, before, days, better }: { now: number | null; before: number | null; days: number; better: "lower" | "higher" }) {
  const { t } = useTranslation();
  if (now === null || before === null || before === 0 || now === before) {
    return <p className="text-xs text-muted-foreground">{now !== null && now === before ? t("insights.compare.same", { count: days }) : t("insights.compare.none", { count: days })}</p>;
  }
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  const down = now < before;
  const good = down === (better === "lower");
  return (
    <p className={cn("text-xs font-medium", good ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400")}>
      {t(down ? "insights.compare.down" : "insights.compare.up", { percent, count: days })}
      <span className="sr-only"> ({t(good ? "insights.compare.good" : "insights.compare.bad")})</span>
    </p>
  );
}

/**
 * The headline numbers, side by side as room allows: each tile at least 10rem and as wide as its figure, so a long
 * figure ("less than a minute") takes a row of its own on a phone rather than breaking over two lines.
 */
export function HeadlineNumbers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("insights.headline")} className="flex flex-wrap gap-3">
      {children}
    </section>
  );
}

/** One headline number, what it counts, and how it moved. The figure never wraps: its tile grows to hold it. */
export function StatTile({ label, value, detail, comparison, testId }: { label: string; value: string; detail?: string; comparison?: ReactNode; testId?: string }) {
  return (
    <div className="grid flex-[1_1_10rem] content-start gap-1 rounded-lg border bg-card p-4" data-testid={testId}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums" data-figure="">
        {value}
      </p>
      {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
      {comparison}
    </div>
  );
}

/**
 * A chart with what it shows in words (its title and a summary a screen reader reads instead of the drawing) and
 * the same data as a table, behind a button. The drawing itself is hidden from screen readers.
 */
export function ChartFigure({ title, summary, chart, table, actions }: { title: string; summary: string; chart: ReactNode; table: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{summary}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button variant="outline" size="sm" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? t("insights.chart.hideTable") : t("insights.chart.showTable")}
          </Button>
        </div>
      </div>
      <div aria-hidden="true">{chart}</div>
      <div id={tableId} hidden={!showTable} className="overflow-x-auto">
        {table}
      </div>
    </section>
  );
}

/** A plain data table: the caption names it; the first column heads each row. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {columns.map((column) => (
            <th key={column} scope="col" className="px-2 py-1.5 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className="border-b last:border-0">
            {row.map((cell, cellIndex) =>
              cellIndex === 0 ? (
                <th key={cellIndex} scope="row" className="px-2 py-1.5 text-left font-normal">
                  {cell}
                </th>
              ) : (
                <td key={cellIndex} className="px-2 py-1.5 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The CSV downloads of a report: each table, and for the team the range's blockers. Plus's: disabled on Free. */
export function ExportMenu({ report, tables, view, plan }: { report: "me" | "team"; tables: readonly string[]; view: TeamInsightView; plan: "free" | "plus" | undefined }) {
  const { t } = useTranslation();
  if (plan === "free") {
    return (
      <Button variant="outline" size="sm" disabled title={t("insights.export.plusOnly")}>
        <Download aria-hidden="true" />
        {t("insights.export.button")}
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={!plan}>
          <Download aria-hidden="true" />
          {t("insights.export.button")}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("insights.export.label")}</DropdownMenuLabel>
        {tables.map((table) => (
          <DropdownMenuItem key={table} asChild>
            <a href={exportHref(report, table, view)} download data-testid={`export-${table}`}>
              {t(`insights.export.tables.${table}`)}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** On the Free plan: what the page shows, and the way to the rest. */
export function FreePlanNotice({ report }: { report: "me" | "team" }) {
  const { t } = useTranslation();
  return (
    <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
      <p className="flex items-center gap-2">
        <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t(report === "me" ? "insights.plan.noticeMine" : "insights.plan.noticeTeam")}
      </p>
      <Button asChild size="sm">
        <Link to={paths.organizationBilling}>{t("insights.plan.upgrade")}</Link>
      </Button>
    </div>
  );
}

/** How the numbers are counted: what a reader needs to trust them. */
export function CountingNotes() {
  const { t } = useTranslation();
  return (
    <details className="rounded-lg border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-medium">{t("insights.notes.title")}</summary>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
        {(t("insights.notes.items", { returnObjects: true }) as string[]).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
