import { ChevronRight } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/web/components/query-error";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { BlockerRowSkeleton } from "./blocker-row";

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

/** Rows folded away at the end of the list, behind a button saying how many ("Snoozed (2)"). */
type Fold<Card> = { label: (count: number) => string; isFolded: (card: Card) => boolean; count: number };

type Props<Card extends BlockerCardData> = {
  query: ListQuery<Card>;
  /** What shows when the list is empty. */
  empty: ReactNode;
  renderRow: (card: Card) => ReactNode;
  label: string;
  testId?: string;
  fold?: Fold<Card>;
};

const rowsBox = "divide-y overflow-hidden rounded-lg border bg-card text-card-foreground";

/**
 * A list of blocker rows with its loading, error and empty states, "Show more" when it has more pages, and the rows
 * it folds away. The test id stays on the wrapper in every state. Rows out of view are skipped by the browser's
 * layout and paint (content-visibility), so a long list stays quick while every row stays in the page for the
 * keyboard, the screen reader and find-in-page (decision 025).
 */
export function BlockerList<Card extends BlockerCardData>({ query, empty, renderRow, label, testId, fold }: Props<Card>) {
  const { t } = useTranslation();
  const shown = fold ? query.data?.filter((card) => !fold.isFolded(card)) : query.data;
  const folded = fold ? (query.data?.filter((card) => fold.isFolded(card)) ?? []) : [];
  return (
    <div data-testid={testId} aria-busy={query.isPending || query.isFetching} className="grid content-start gap-3">
      {query.isPending ? (
        <div className={rowsBox}>
          <output className="sr-only">{t("ui.loading")}</output>
          <BlockerRowSkeleton />
          <BlockerRowSkeleton />
          <BlockerRowSkeleton />
        </div>
      ) : query.isError || !query.data || !shown ? (
        <QueryError error={query.error ?? new Error(t("common.loadFailed"))} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <>
          {shown.length > 0 && <Rows cards={shown} label={label} renderRow={renderRow} />}
          {query.hasNextPage && (
            <Button variant="outline" size="sm" className="justify-self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage?.()}>
              {query.isFetchingNextPage ? t("blockers.list.loadingMore") : t("blockers.list.showMore")}
            </Button>
          )}
          {fold && fold.count > 0 && <FoldedRows cards={folded} label={fold.label(fold.count)} renderRow={renderRow} />}
        </>
      )}
    </div>
  );
}

function Rows<Card extends BlockerCardData>({ cards, label, renderRow }: { cards: Card[]; label: string; renderRow: (card: Card) => ReactNode }) {
  return (
    <ul aria-label={label} className={rowsBox}>
      {cards.map((card) => (
        <li key={card.id} className="[contain-intrinsic-size:auto_2.75rem] [content-visibility:auto]">
          {renderRow(card)}
        </li>
      ))}
    </ul>
  );
}

/** The folded rows: closed at first, as the dashboard opens every morning. */
function FoldedRows<Card extends BlockerCardData>({ cards, label, renderRow }: { cards: Card[]; label: string; renderRow: (card: Card) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="grid gap-2">
      <Button variant="ghost" size="sm" className="justify-self-start text-muted-foreground" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <ChevronRight aria-hidden="true" className={cn("transition-transform", open && "rotate-90")} />
        {label}
      </Button>
      <div id={listId} hidden={!open}>
        {open && cards.length > 0 && <Rows cards={cards} label={label} renderRow={renderRow} />}
      </div>
    </div>
  );
}
