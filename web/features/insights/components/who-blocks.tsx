// Who blocks the team: people ranked by the blocked person-hours they caused, with how many blockers, how fast they
// unblocked, and a sparkline of their weeks. A table first: the sparkline is its one drawing, hidden from screen
// readers, who hear the same weeks as numbers.
import { Users } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { EmptyState } from "@/web/components/empty-state";
import { PersonAvatar } from "@/web/components/person-avatar";
import { personName } from "@/web/lib/person-name";
import type { TeamInsights } from "../api/get-team-insights";
import { Sparkline } from "./charts";
import { useDuration, useNumber } from "./report-parts";

export function WhoBlocks({ rows }: { rows: TeamInsights["whoBlocks"] }) {
  const { t } = useTranslation();
  const number = useNumber();
  const duration = useDuration();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          {t("insights.who.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("insights.who.description")}</p>
      </div>
      {rows.length === 0 ? (
        <EmptyState icon={Users} title={t("insights.who.emptyTitle")} description={t("insights.who.emptyDescription")} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="who-blocks">
            <caption className="sr-only">{t("insights.who.title")}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {t("insights.who.person")}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t("insights.who.personHours")}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t("insights.who.blockers")}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  {t("insights.who.median")}
                </th>
                <th scope="col" className="hidden px-2 py-1.5 font-medium sm:table-cell">
                  {t("insights.who.trend")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.person.id} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    <Link to={paths.user(row.person.id)} className="flex min-w-0 items-center gap-2 underline-offset-4 hover:underline">
                      <PersonAvatar person={row.person} />
                      <span className="truncate">{personName(row.person, t)}</span>
                    </Link>
                  </th>
                  <td className="px-2 py-1.5 text-right font-medium whitespace-nowrap tabular-nums">{number(row.personHours)}</td>
                  <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{number(row.blockers)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{duration(row.medianTimeToUnblockMs)}</td>
                  <td className="hidden px-2 py-1.5 sm:table-cell">
                    <span className="sr-only">{t("insights.who.trendInWords", { values: row.weeks.map(number).join(", ") })}</span>
                    <div aria-hidden="true">
                      <Sparkline values={row.weeks} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
