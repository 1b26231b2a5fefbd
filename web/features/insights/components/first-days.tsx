// A report's first week (issue #27, item 10; decision 050): until a week has passed since the first blocker, the
// report says what it will show and from when, beside a small sample drawn from made-up data, marked so in words
// and muted. The real numbers of the first days stay below it, as they are.
import { FlaskConical } from "lucide-react";
import { useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatDay } from "@/web/lib/date-time";
import { useNow } from "@/web/lib/use-now";
import { SampleBars, type SampleRow } from "./charts";
import { useNumber } from "./report-parts";


/** How long a history must be before a report stands on its own: a week, so that every weekday has been seen once. */
export const FIRST_WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a report is in its first week at `now`, and if so from when it is not: a week after the first blocker, or
 * not known yet (null) when there is none. Null once the week has passed.
 */
export function firstWeek(firstBlockerAt: string | null, now: Date): { fullFrom: Date | null } | null {
  if (firstBlockerAt === null) return { fullFrom: null };
  const fullFrom = new Date(new Date(firstBlockerAt).getTime() + FIRST_WEEK_MS);
  return fullFrom.getTime() > now.getTime() ? { fullFrom } : null;
}

/** The made-up data of each report's sample: four people ranked by person-hours, four weeks of time to done getting shorter. */
const SAMPLE_VALUES = { team: [18.5, 11, 6.5, 2], me: [9, 6.5, 7, 4] } as const;

export function FirstDays({ report, firstBlockerAt }: { report: "team" | "me"; firstBlockerAt: string | null }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const headingId = useId();
  const week = firstWeek(firstBlockerAt, now);
  if (!week) return null;
  const words = `insights.firstDays.${report}` as const;
  return (
    <section aria-labelledby={headingId} data-testid="first-days" className="grid gap-4 rounded-lg border border-dashed bg-card p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-center">
      <div className="grid content-start gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {t("insights.firstDays.title")}
        </h2>
        <p data-testid="first-days-sentence">
          {week.fullFrom ? (
            <Trans
              i18nKey={`${words}.willShow`}
              values={{ date: formatDay(week.fullFrom, now) }}
              components={{ date: <time dateTime={week.fullFrom.toISOString()} className="font-medium whitespace-nowrap" /> }}
            />
          ) : (
            t(`${words}.willShowNone`)
          )}
        </p>
        <p className="text-sm text-muted-foreground">{t(firstBlockerAt ? "insights.firstDays.soFar" : "insights.firstDays.nothingYet")}</p>
        {!firstBlockerAt && (
          <Button asChild size="sm" variant="outline" className="w-fit">
            <Link to={paths.addBlocker}>{t("insights.firstDays.logBlocker")}</Link>
          </Button>
        )}
      </div>
      <SampleFigure report={report} />
    </section>
  );
}

/** The sample: a figure whose caption says first that its data is made up, its drawing muted and hidden from screen readers, who hear the values in words. */
function SampleFigure({ report }: { report: "team" | "me" }) {
  const { t } = useTranslation();
  const number = useNumber();
  const captionId = useId();
  const inWordsId = useId();
  const words = `insights.firstDays.${report}` as const;
  const rows: SampleRow[] = SAMPLE_VALUES[report].map((value, index) => ({
    name: report === "team" ? t("insights.firstDays.person", { letter: String.fromCharCode(65 + index) }) : t("insights.firstDays.week", { number: index + 1 }),
    value,
  }));
  return (
    <figure aria-labelledby={captionId} aria-describedby={inWordsId} data-testid="first-days-sample" className="grid gap-2 rounded-md border border-dashed bg-muted/40 p-3">
      <figcaption id={captionId} className="grid gap-1.5">
        <Badge variant="amber">
          <FlaskConical aria-hidden="true" />
          {t("insights.firstDays.sample")}
        </Badge>
        <span className="text-sm font-medium text-muted-foreground">{t(`${words}.sampleTitle`)}</span>
      </figcaption>
      <p id={inWordsId} className="sr-only">
        {t(`${words}.sampleInWords`, { rows: rows.map((row) => t(`${words}.sampleRow`, { name: row.name, value: number(row.value) })).join("; ") })}
      </p>
      <div aria-hidden="true">
        <SampleBars rows={rows} layout={report === "team" ? "people" : "weeks"} valueLabel={(value) => t(`${words}.value`, { value: number(value) })} />
      </div>
    </figure>
  );
}
