import { useQuery } from "@tanstack/react-query";
import { Inbox, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageFrame } from "@/web/components/page-frame";
import { AddBlockerButton } from "@/web/features/blockers/components/add-blocker-button";
import { useAuth } from "@/web/app/auth-context";
import { EmptyState } from "@/web/components/empty-state";
import { PageLoadFailed } from "@/web/components/page-load-failed";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Skeleton } from "@/web/components/ui/skeleton";
import { BlockerRow } from "@/web/features/blockers/components/blocker-row";
import { BlockerList } from "@/web/features/blockers/components/blocker-list";
import { personName } from "@/web/lib/person-name";
import { formatDuration } from "@/web/lib/relative-time";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";
import { teammateQueryOptions } from "../api/get-teammate";
import { AwayBadge } from "@/web/components/away-badge";

/** The top bar's action: the product's main act, offered wherever one reads who waits on whom. */
export { AddBlockerButton as PageAction };

export default function UserPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const { profile } = useAuth();
  const now = useNow();
  const teammate = useQuery(teammateQueryOptions(userId));
  // The open blockers come with the page: a list view of the same answer, for the shared list states.
  const openBlockers = useQuery({ ...teammateQueryOptions(userId), select: (data) => data.openBlockers });
  const name = teammate.data ? personName(teammate.data.person, t) : "";
  usePageTitle(name || t("people.page.title"));

  if (teammate.isError) {
    return (
      <PageLoadFailed
        error={teammate.error}
        onRetry={() => void teammate.refetch()}
        pageTitle={t("people.page.title")}
        notFoundTitle={t("people.page.notFoundTitle")}
        notFoundDescription={t("people.page.notFoundDescription")}
      />
    );
  }

  const data = teammate.data;
  const isMe = data?.person.id === profile?.id;
  return (
    <PageFrame className="gap-8">
      <header className="flex flex-wrap items-center gap-4">
        {data ? <PersonAvatar person={data.person} className="size-16 text-xl" /> : <Skeleton className="size-16 rounded-full" />}
        <div className="grid min-w-0 gap-1">
          {data ? (
            <>
              <h1 className="truncate text-2xl font-semibold tracking-tight">
                {name}
                {isMe && <span className="ml-2 align-middle text-sm font-normal text-muted-foreground">{t("blockers.people.you")}</span>}
              </h1>
              <AwayBadge awayUntil={data.person.awayUntil} />
              <a href={`mailto:${data.person.email}`} className="truncate text-sm text-muted-foreground hover:text-foreground hover:underline">
                {data.person.email}
              </a>
            </>
          ) : (
            <>
              <h1 className="sr-only">{t("people.page.title")}</h1>
              <Skeleton className="h-7 w-48" />
              <Skeleton className="h-4 w-40" />
            </>
          )}
        </div>
      </header>
      <section aria-labelledby="unblock-heading" className="flex items-start gap-3 rounded-lg border bg-card p-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
          <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
        </span>
        <div className="grid gap-0.5">
          <h2 id="unblock-heading" className="text-sm font-medium">
            {t("people.page.medianTitle")}
          </h2>
          {data ? (
            <p className="text-sm text-muted-foreground">
              {data.medianTimeToUnblockMs === null
                ? t("people.page.noMedian", { name })
                : t("people.page.median", { duration: formatDuration(data.medianTimeToUnblockMs, t), count: data.unblockedCount })}
            </p>
          ) : (
            <Skeleton className="h-4 w-64" />
          )}
        </div>
      </section>
      <section aria-labelledby="open-heading" className="grid gap-3">
        <h2 id="open-heading" className="text-lg font-semibold">
          {t("people.page.openTitle", { name: name || "…" })}
        </h2>
        <BlockerList
          query={openBlockers}
          testId="user-open-blockers"
          label={t("people.page.openTitle", { name })}
          empty={<EmptyState icon={Inbox} title={t("people.page.openEmptyTitle")} description={t("people.page.openEmptyDescription", { name })} />}
          renderRow={(card) => <BlockerRow card={card} now={now} people="waiting" />}
        />
      </section>
    </PageFrame>
  );
}
