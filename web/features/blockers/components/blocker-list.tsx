import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/web/components/query-error";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { BlockerCardSkeleton } from "./blocker-card";

type Props<Card extends BlockerCardData> = {
  query: UseQueryResult<Card[]>;
  /** What shows when the list is empty. */
  empty: ReactNode;
  renderCard: (card: Card) => ReactNode;
  label: string;
  testId?: string;
};

/** A list of blocker cards with its loading, error and empty states. The test id stays on the wrapper in every state. */
export function BlockerList<Card extends BlockerCardData>({ query, empty, renderCard, label, testId }: Props<Card>) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} aria-busy={query.isPending || query.isFetching} className="grid content-start gap-3">
      {query.isPending ? (
        <>
          <output className="sr-only">{t("ui.loading")}</output>
          <BlockerCardSkeleton />
          <BlockerCardSkeleton />
        </>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label} className="grid gap-3">
          {query.data.map((card) => (
            <li key={card.id}>{renderCard(card)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
