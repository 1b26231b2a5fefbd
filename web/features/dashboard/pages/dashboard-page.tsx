import { useQuery } from "@tanstack/react-query";
import { Hourglass, Inbox, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { dashboardListQueryOptions } from "@/web/features/blockers/api/get-dashboard-list";
import { BlockerCard } from "@/web/features/blockers/components/blocker-card";
import { BlockerList } from "@/web/features/blockers/components/blocker-list";
import { DeclinedActions, nobodyPending } from "@/web/features/blockers/components/declined-parts";
import { NudgeButton } from "@/web/features/blockers/components/nudge-button";
import { isSnoozed, PartStatus } from "@/web/features/blockers/components/part-status";
import { QuickAnswers } from "@/web/features/blockers/components/quick-answers";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t("dashboard.title"));
  const { profile } = useAuth();
  const now = useNow();
  const waitingOnMe = useQuery(dashboardListQueryOptions("waiting-on-me"));
  // Those nobody is left pending on come first: they wait for me to ask someone else or cancel. They are not
  // counted, as the counter does not count them (each card says so).
  const imWaitingOn = useQuery({ ...dashboardListQueryOptions("im-waiting-on"), select: (cards) => [...cards].sort((a, b) => Number(nobodyPending(b)) - Number(nobodyPending(a))) });
  const imWaitingOnCount = imWaitingOn.data?.filter((card) => !nobodyPending(card)).length;
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
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="waiting-on-me-heading" className="grid content-start gap-3">
          <ColumnHeading id="waiting-on-me-heading" title={t("dashboard.waitingOnMe.title")} count={waitingOnMe.data?.length} />
          <BlockerList
            query={waitingOnMe}
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
          <ColumnHeading id="im-waiting-on-heading" title={t("dashboard.imWaitingOn.title")} count={imWaitingOnCount} />
          <BlockerList
            query={imWaitingOn}
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
                      <DeclinedActions card={card} />
                    </>
                    )
                  }
                />
              );
            }}
          />
        </section>
      </div>
    </main>
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
