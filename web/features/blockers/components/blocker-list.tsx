import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { BlockerCardSkeleton } from "./blocker-card";

/** What the list reads of a query: a plain one, or a paged one flattened to its cards (with its next page). */
type ListQuery<Card> = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  data: Card[] | undefined;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

type Props<Card extends BlockerCardData> = {
  query: ListQuery<Card>;
  /** What shows when the list is empty. */
  empty: ReactNode;
  renderCard: (card: Card) => ReactNode;
  label: string;
  testId?: string;
};

/**
 * A list of blocker cards with its loading, error and empty states, and "Show more" when it has more pages. The
 * test id stays on the wrapper in every state. Cards out of view are skipped by the browser's layout and paint
 * (content-visibility), so a long list stays quick while every card stays in the page for the keyboard, the
 * screen reader and find-in-page (decision 025).
 */
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
      ) : query.isError || !query.data ? (
        <QueryError error={query.error ?? new Error(t("common.loadFailed"))} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <>
          <ul aria-label={label} className="grid gap-3">
            {query.data.map((card) => (
              <li key={card.id} className="[contain-intrinsic-size:auto_8rem] [content-visibility:auto]">
                {renderCard(card)}
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button variant="outline" size="sm" className="justify-self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage?.()}>
              {query.isFetchingNextPage ? t("blockers.list.loadingMore") : t("blockers.list.showMore")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
