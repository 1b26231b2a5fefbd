import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Hourglass, Inbox } from "lucide-react";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { dashboardOrders, type DashboardOrder } from "@/common/blocker-values";
import { paths } from "@/common/paths";
import { PageFrame } from "@/web/components/page-frame";
import { useAuth } from "@/web/app/auth-context";
import { EmptyState } from "@/web/components/empty-state";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { blockerKeys } from "@/web/features/blockers/api/blocker-keys";
import { useDashboardColumn, type BlockerCardData } from "@/web/features/blockers/api/get-dashboard-list";
import { AddBlockerButton } from "@/web/features/blockers/components/add-blocker-button";
import { BlockerList } from "@/web/features/blockers/components/blocker-list";
import { BlockerRow, BlockerRowSkeleton } from "@/web/features/blockers/components/blocker-row";
import { isSnoozed, SnoozeNote } from "@/web/features/blockers/components/part-status";
import { MarkDoneButton, RowMenuButton, WaitingPrimaryAction } from "@/web/features/blockers/components/row-actions";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { updateProfile } from "@/web/features/profile/api/update-profile";
import { cn } from "@/web/lib/cn";
import { toast } from "@/web/lib/toast";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";

// Loaded when shown: the team board, a view of its own, is not needed to draw "Mine".
const TeamBoard = lazy(async () => ({ default: (await import("../components/team-board")).TeamBoard }));

/** The top bar's action: the product's main act. */
export { AddBlockerButton as PageAction };

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t("dashboard.title"));
  const { profile } = useAuth();
  const now = useNow();
  const [searchParams] = useSearchParams();
  const view = searchParams.get("view") === "team" ? "team" : "mine";
  const firstName = profile?.fullName?.split(/\s+/)[0] ?? "";
  const addBlocker = <AddBlockerButton />;
  return (
    <PageFrame className="gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="mr-auto text-xl font-semibold tracking-tight">{t("dashboard.greeting", { name: firstName })}</h1>
        <ViewSwitch view={view} />
        {view === "mine" && <OrderChoice />}
      </div>
      {view === "team" ? (
        <Suspense fallback={<ColumnsLoading columns={1} />}>
          <TeamBoard now={now} />
        </Suspense>
      ) : (
        <MyColumns now={now} addBlocker={addBlocker} />
      )}
    </PageFrame>
  );
}

/** Mine (my two columns) or Team (the board), as the address says. */
function ViewSwitch({ view }: { view: "mine" | "team" }) {
  const { t } = useTranslation();
  const tab = (active: boolean) => cn("rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground");
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

/** How my columns are ordered: kept with my profile, so every device shows the same (decision 049). */
function OrderChoice() {
  const { t } = useTranslation();
  const id = useId();
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (dashboardOrder: DashboardOrder) => updateProfile({ dashboardOrder }),
    onSuccess: () => Promise.all([profileKeys.all, blockerKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    onError: (error) => toast.error(error.message),
  });
  const current = save.isPending ? save.variables : (profile?.dashboardOrder ?? "priority");
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        {t("dashboard.order.label")}
      </label>
      <NativeSelect id={id} className="h-8 w-auto" value={current} disabled={save.isPending} onChange={(event) => save.mutate(event.target.value as DashboardOrder)}>
        {dashboardOrders.map((order) => (
          <option key={order} value={order}>
            {t(`dashboard.order.${order}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Every part still pending on it snoozed: nobody's reminders go out until the first snooze ends. */
const allPendingSnoozed = (card: BlockerCardData, now: Date) => {
  const pending = card.blocking.filter((part) => part.status === "pending");
  return pending.length > 0 && pending.every((part) => isSnoozed(part, now));
};

/** My view: what waits on me, and what I wait on. */
function MyColumns({ now, addBlocker }: { now: Date; addBlocker: React.ReactNode }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const waitingOnMe = useDashboardColumn("waiting-on-me");
  // Those nobody is left pending on come first (the server orders them so): they wait for me to ask someone else or
  // cancel. They are not counted, as the counter does not count them (each row says so).
  const imWaitingOn = useDashboardColumn("im-waiting-on");
  if (waitingOnMe.query.isPending || imWaitingOn.query.isPending) return <ColumnsLoading columns={2} />;
  const myPart = (card: BlockerCardData) => card.blocking.find((part) => part.person.id === profile?.id);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <DashboardColumn
        name="waiting-on-me"
        column={waitingOnMe}
        empty={<EmptyState icon={Inbox} title={t("dashboard.waitingOnMe.emptyTitle")} description={t("dashboard.waitingOnMe.emptyDescription")} />}
        isFolded={(card) => isSnoozed(myPart(card) ?? { status: "done", snoozedUntil: null }, now)}
        renderRow={(card) => {
          // My own snooze shows on my row, as it does on theirs.
          const part = myPart(card);
          return <BlockerRow card={card} now={now} people="waiting" meta={part && <SnoozeNote parts={[part]} now={now} />} primary={<MarkDoneButton card={card} />} menu={<RowMenuButton card={card} />} />;
        }}
      />
      <DashboardColumn
        name="im-waiting-on"
        column={imWaitingOn}
        empty={<EmptyState icon={Hourglass} title={t("dashboard.imWaitingOn.emptyTitle")} description={t("dashboard.imWaitingOn.emptyDescription")} action={addBlocker} />}
        isFolded={(card) => allPendingSnoozed(card, now)}
        renderRow={(card) => (
          <BlockerRow
            card={card}
            now={now}
            people="blocking"
            meta={allPendingSnoozed(card, now) && <SnoozeNote parts={card.blocking.filter((part) => part.status === "pending")} now={now} named />}
            primary={<WaitingPrimaryAction card={card} now={now} />}
            menu={<RowMenuButton card={card} />}
          />
        )}
      />
    </div>
  );
}

const columnWords = { "waiting-on-me": "waitingOnMe", "im-waiting-on": "imWaitingOn" } as const;

/** One of my columns: its heading with what it counts awake, its rows, and its snoozed folded at the end. */
function DashboardColumn({ name, column, empty, isFolded, renderRow }: { name: keyof typeof columnWords; column: ReturnType<typeof useDashboardColumn>; empty: ReactNode; isFolded: (card: BlockerCardData) => boolean; renderRow: (card: BlockerCardData) => ReactNode }) {
  const { t } = useTranslation();
  const title = t(`dashboard.${columnWords[name]}.title`);
  return (
    <section aria-labelledby={`${name}-heading`} className="grid content-start gap-2">
      <ColumnHeading id={`${name}-heading`} title={title} count={awake(column)} />
      <BlockerList query={column.query} testId={`${name}-list`} label={title} empty={empty} fold={{ count: column.snoozed, label: (count) => t("dashboard.snoozed", { count }), isFolded }} renderRow={renderRow} />
    </section>
  );
}

/** What a column's heading counts: its counter less the snoozed, which are counted on their fold. */
const awake = (column: { count: number | undefined; snoozed: number }) => (column.count === undefined ? undefined : Math.max(0, column.count - column.snoozed));

/**
 * The columns' places while their one answer loads. The columns are drawn once it has come, as new elements: drawn
 * before it, the first column's rows pushed the second down as they arrived (on a phone, where the columns stack:
 * a layout shift of 0.06, bench:web).
 */
function ColumnsLoading({ columns }: { columns: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className={cn("grid gap-6", columns === 2 && "md:grid-cols-2")}>
      <span className="sr-only">{t("ui.loading")}</span>
      {Array.from({ length: columns }, (_, column) => (
        <div key={column} className="grid content-start gap-2">
          <Skeleton className="h-7 w-48" />
          <div className="divide-y rounded-lg border">
            <BlockerRowSkeleton />
            <BlockerRowSkeleton />
            <BlockerRowSkeleton />
          </div>
        </div>
      ))}
    </div>
  );
}

function ColumnHeading({ id, title, count }: { id: string; title: string; count: number | undefined }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
      {title}
      {count !== undefined && count > 0 && <span className="rounded-full bg-muted px-2 text-sm font-medium text-muted-foreground tabular-nums">{count}</span>}
    </h2>
  );
}
