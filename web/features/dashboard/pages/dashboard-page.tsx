import { Hourglass, Inbox, Plus } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { cn } from "@/web/lib/cn";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { useDashboardColumn } from "@/web/features/blockers/api/get-dashboard-list";
import { BlockerCard, BlockerCardSkeleton } from "@/web/features/blockers/components/blocker-card";
import { BlockerList } from "@/web/features/blockers/components/blocker-list";
import { nobodyPending } from "@/web/features/blockers/components/declined-parts";
import { NudgeButton } from "@/web/features/blockers/components/nudge-button";
import { isSnoozed, PartStatus } from "@/web/features/blockers/components/part-status";
import { QuickAnswers } from "@/web/features/blockers/components/quick-answers";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";

// Loaded when shown: the team board (a view of its own) and the answers to a declined part (the people picker).
// Neither is needed to draw "Mine", and together they are a third of its first download (docs/benchmarks.md).
const TeamBoard = lazy(async () => ({ default: (await import("../components/team-board")).TeamBoard }));
const DeclinedActions = lazy(() => import("@/web/features/blockers/components/declined-actions"));

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t("dashboard.title"));
  const { profile } = useAuth();
  const now = useNow();
  const [searchParams] = useSearchParams();
  const view = searchParams.get("view") === "team" ? "team" : "mine";
  const firstName = profile?.fullName?.split(/\s+/)[0] ?? "";
  const addBlocker = (
    <Button asChild size="sm">
      <Link to={paths.addBlocker}>
        <Plus aria-hidden="true" />
        {t("dashboard.addBlocker")}
      </Link>
    </Button>
  );
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("dashboard.greeting", { name: firstName })}</h1>
          <p className="text-muted-foreground">{t("dashboard.subtitle")}</p>
        </div>
        {addBlocker}
      </div>
      <ViewSwitch view={view} />
      {view === "team" ? (
        <Suspense fallback={<Spinner className="mx-auto size-8 text-muted-foreground" />}>
          <TeamBoard now={now} />
        </Suspense>
      ) : (
        <MyColumns now={now} addBlocker={addBlocker} />
      )}
    </main>
  );
}

/** Mine (my two columns) or Team (the board), as the address says. */
function ViewSwitch({ view }: { view: "mine" | "team" }) {
  const { t } = useTranslation();
  const tab = (active: boolean) => cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground");
  return (
    <nav aria-label={t("dashboard.views")} className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
      <Link to={paths.dashboard} aria-current={view === "mine" ? "page" : undefined} className={tab(view === "mine")}>
        {t("dashboard.mine")}
      </Link>
      <Link to={`${paths.dashboard}?view=team`} aria-current={view === "team" ? "page" : undefined} className={tab(view === "team")}>
        {t("dashboard.team.title")}
      </Link>
    </nav>
  );
}

/** My view: what waits on me, and what I wait on. */
function MyColumns({ now, addBlocker }: { now: Date; addBlocker: React.ReactNode }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const waitingOnMe = useDashboardColumn("waiting-on-me");
  // Those nobody is left pending on come first (the server orders them so): they wait for me to ask someone else or
  // cancel. They are not counted, as the counter does not count them (each card says so).
  const imWaitingOn = useDashboardColumn("im-waiting-on");
  if (waitingOnMe.query.isPending || imWaitingOn.query.isPending) return <ColumnsLoading />;
  return (
    <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="waiting-on-me-heading" className="grid content-start gap-3">
          <ColumnHeading id="waiting-on-me-heading" title={t("dashboard.waitingOnMe.title")} count={waitingOnMe.count} />
          <BlockerList
            query={waitingOnMe.query}
            testId="waiting-on-me-list"
            label={t("dashboard.waitingOnMe.title")}
            empty={<EmptyState icon={Inbox} title={t("dashboard.waitingOnMe.emptyTitle")} description={t("dashboard.waitingOnMe.emptyDescription")} />}
            renderCard={(card) => {
              // My own snooze shows on my card, as it does on theirs.
              const myPart = card.blocking.find((part) => part.person.id === profile?.id);
              const snoozed = myPart && isSnoozed(myPart, now) ? <PartStatus part={myPart} now={now} withText /> : undefined;
              return <BlockerCard card={card} now={now} people="waiting" meta={snoozed} actions={<QuickAnswers blockerId={card.id} title={card.title} />} />;
            }}
          />
        </section>
        <section aria-labelledby="im-waiting-on-heading" className="grid content-start gap-3">
          <ColumnHeading id="im-waiting-on-heading" title={t("dashboard.imWaitingOn.title")} count={imWaitingOn.count} />
          <BlockerList
            query={imWaitingOn.query}
            testId="im-waiting-on-list"
            label={t("dashboard.imWaitingOn.title")}
            empty={<EmptyState icon={Hourglass} title={t("dashboard.imWaitingOn.emptyTitle")} description={t("dashboard.imWaitingOn.emptyDescription")} action={addBlocker} />}
            renderCard={(card) => {
              const pending = card.blocking.filter((part) => part.status === "pending");
              return (
                <BlockerCard
                  card={card}
                  now={now}
                  people="blocking"
                  actions={
                    (pending.length > 0 || card.blocking.some((part) => part.status === "declined") || nobodyPending(card)) && (
                    <>
                      {pending.map((part) => (
                        <NudgeButton key={part.person.id} blockerId={card.id} part={part} now={now} short />
                      ))}
                      {/* Holds the row's height while the actions load: the card does not grow under the reader. */}
                      <Suspense fallback={<span aria-hidden="true" className="inline-block h-8" />}>
                        <DeclinedActions card={card} />
                      </Suspense>
                    </>
                    )
                  }
                />
              );
            }}
          />
        </section>
      </div>
  );
}

/**
 * Both columns' places while their one answer loads. The columns are drawn once it has come, as new elements: drawn
 * before it, the first column's cards pushed the second down as they arrived (on a phone, where the columns stack:
 * a layout shift of 0.06, bench:web).
 */
function ColumnsLoading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="grid gap-6 md:grid-cols-2">
      <span className="sr-only">{t("ui.loading")}</span>
      {[0, 1].map((column) => (
        <div key={column} className="grid content-start gap-3">
          <Skeleton className="h-7 w-48" />
          <BlockerCardSkeleton />
          <BlockerCardSkeleton />
        </div>
      ))}
    </div>
  );
}

function ColumnHeading({ id, title, count }: { id: string; title: string; count: number | undefined }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
      {title}
      {count !== undefined && count > 0 && <span className="rounded-full bg-muted px-2 text-sm font-medium text-muted-foreground tabular-nums">{count}</span>}
    </h2>
  );
}
