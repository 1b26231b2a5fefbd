import { useQuery } from "@tanstack/react-query";
import { CheckCheck, FilterX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "@/web/components/page-frame";
import { AddBlockerButton } from "../components/add-blocker-button";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { formatDuration } from "@/web/lib/relative-time";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";
import { resolvedQueryOptions } from "../api/get-resolved";
import { BlockerRow } from "../components/blocker-row";
import { RowMenuButton } from "../components/row-actions";
import { BlockerList } from "../components/blocker-list";
import { ResolvedFiltersBar, useResolvedFilters } from "../components/resolved-filters";

/** The top bar's action: the product's main act, offered wherever one reads who waits on whom. */
export { AddBlockerButton as PageAction };

export default function ResolvedPage() {
  const { t } = useTranslation();
  usePageTitle(t("blockers.resolved.title"));
  const now = useNow();
  const filterState = useResolvedFilters();
  const resolved = useQuery(resolvedQueryOptions(filterState.filters));
  const empty = filterState.isFiltered ? (
    <EmptyState
      icon={FilterX}
      title={t("blockers.resolved.noMatchTitle")}
      description={t("blockers.resolved.noMatchDescription")}
      action={
        <Button size="sm" variant="outline" onClick={filterState.clear}>
          {t("blockers.resolved.clear")}
        </Button>
      }
    />
  ) : (
    <EmptyState icon={CheckCheck} title={t("blockers.resolved.emptyTitle")} description={t("blockers.resolved.emptyDescription")} />
  );
  return (
    <PageFrame>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("blockers.resolved.title")}</h1>
        <p className="text-muted-foreground">{t("blockers.resolved.description")}</p>
      </div>
      <ResolvedFiltersBar {...filterState} />
      <BlockerList
        query={resolved}
        testId="resolved-list"
        label={t("blockers.resolved.title")}
        empty={empty}
        renderRow={(card) => (
          <BlockerRow card={card} now={now} people="blocking" meta={<span className="shrink-0">{t("blockers.resolved.blockedFor", { duration: formatDuration(card.blockedForMs, t) })}</span>} menu={<RowMenuButton card={card} />} />
        )}
      />
    </PageFrame>
  );
}
