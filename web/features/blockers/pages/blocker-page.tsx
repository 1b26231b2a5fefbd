import { useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageFrame } from "@/web/components/page-frame";
import { PageLoadFailed } from "@/web/components/page-load-failed";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { useReadOnOpen } from "@/web/features/notifications/api/use-read-on-open";
import { useNow } from "@/web/lib/use-now";
import { usePageTitle } from "@/web/lib/use-page-title";
import { blockerQueryOptions } from "../api/get-blocker";
import { BlockerActions } from "../components/blocker-actions";
import { BlockerDescription, BlockerHeading } from "../components/blocker-details";
import { BlockerTimeline } from "../components/blocker-timeline";
import { CommentForm } from "../components/comment-form";
import { PeoplePanel } from "../components/people-panel";

// The edit form (and the validation it brings) loads when someone may use it: Edit hovered or focused, at the latest
// when pressed. It is not needed to show the blocker (docs/benchmarks.md).
const loadEditForm = () => import("../components/edit-blocker-form");
const EditBlockerForm = lazy(async () => ({ default: (await loadEditForm()).EditBlockerForm }));

export default function BlockerPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const now = useNow();
  const blocker = useQuery(blockerQueryOptions(id));
  useReadOnOpen(id, blocker.isSuccess ? blocker.dataUpdatedAt : 0);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Leaving the form (saved or not) takes the keyboard back to Edit, once React has shown it again.
  const returnToEdit = useRef(false);
  useEffect(() => {
    if (editing || !returnToEdit.current) return;
    returnToEdit.current = false;
    editButton.current?.focus();
  }, [editing]);
  usePageTitle(blocker.data?.title ?? t("blockers.detail.title"));

  if (blocker.isPending) return <BlockerPageSkeleton />;
  if (blocker.isError) {
    return (
      <PageLoadFailed
        error={blocker.error}
        onRetry={() => void blocker.refetch()}
        pageTitle={t("blockers.detail.title")}
        notFoundTitle={t("blockers.detail.notFoundTitle")}
        notFoundDescription={t("blockers.detail.notFoundDescription")}
      />
    );
  }

  const data = blocker.data;
  return (
    <PageFrame data-blocker-page className="grid lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid content-start gap-6">
        {editing && data.can.edit ? (
          <Suspense fallback={<Spinner className="size-6 text-muted-foreground" />}>
            <EditBlockerForm
              blocker={data}
              onClose={() => {
                returnToEdit.current = true;
                setEditing(false);
              }}
            />
          </Suspense>
        ) : (
          <>
            <BlockerHeading
              blocker={data}
              now={now}
              action={
                data.can.edit && (
                  <Button ref={editButton} variant="outline" size="sm" onPointerEnter={() => void loadEditForm()} onFocus={() => void loadEditForm()} onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" />
                    {t("blockers.edit.button")}
                  </Button>
                )
              }
            />
            <BlockerActions blocker={data} />
            <BlockerDescription blocker={data} />
          </>
        )}
      </div>
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <PeoplePanel blocker={data} now={now} />
      </div>
      <section aria-labelledby="activity-heading" className="grid content-start gap-4">
        <h2 id="activity-heading" className="text-lg font-semibold">
          {t("blockers.timeline.title")}
        </h2>
        <BlockerTimeline events={data.timeline} now={now} />
        {data.can.comment && (
          <div className="border-t pt-4">
            <CommentForm blockerId={data.id} />
          </div>
        )}
      </section>
    </PageFrame>
  );
}

function BlockerPageSkeleton() {
  const { t } = useTranslation();
  return (
    <PageFrame className="grid lg:grid-cols-[minmax(0,1fr)_18rem]" aria-busy="true">
      <output className="sr-only">{t("ui.loading")}</output>
      <div className="grid content-start gap-4" aria-hidden="true">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <div className="flex gap-2">
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-9 w-28" />
        </div>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <Skeleton className="h-56 w-full" aria-hidden="true" />
    </PageFrame>
  );
}
