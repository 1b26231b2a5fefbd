// Open items by age (under a day, 1–3 days, 3–7, over a week) as the range ended: four counts, each opening the
// list of its blockers, the oldest first.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BlockerPriority } from "@/common/blockers";
import type { OpenAgeBucket } from "@/common/insights";
import { paths } from "@/common/paths";
import { PriorityBadge } from "@/web/features/blockers/components/priority-badge";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/date-time";
import { useNumber } from "./report-parts";

type Bucket = { bucket: OpenAgeBucket; count: number; blockers: { id: string; title: string; priority: BlockerPriority; openedAt: string }[] };

export function OpenByAge({ title, description, buckets }: { title: string; description: string; buckets: Bucket[] }) {
  const { t } = useTranslation();
  const number = useNumber();
  const [opened, setOpened] = useState<OpenAgeBucket | null>(null);
  const headingId = useId();
  const listId = useId();
  const shown = buckets.find((bucket) => bucket.bucket === opened);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{total === 0 ? t("insights.open.none") : description}</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {buckets.map((bucket) => (
          <button
            key={bucket.bucket}
            type="button"
            aria-expanded={opened === bucket.bucket}
            aria-controls={listId}
            disabled={bucket.count === 0}
            onClick={() => setOpened((current) => (current === bucket.bucket ? null : bucket.bucket))}
            className={cn(
              "grid gap-0.5 rounded-md border p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default disabled:opacity-60",
              opened === bucket.bucket ? "border-primary bg-primary/5" : "hover:bg-accent",
            )}
            data-testid={`open-${bucket.bucket}`}
          >
            <span className="text-2xl font-semibold whitespace-nowrap tabular-nums">{number(bucket.count)}</span>
            <span className="text-xs text-muted-foreground">{t(`insights.open.buckets.${bucket.bucket}`)}</span>
          </button>
        ))}
      </div>
      <div id={listId} hidden={!shown}>
        {shown && (
          <ul className="grid gap-1" aria-label={t("insights.open.listLabel", { bucket: t(`insights.open.buckets.${shown.bucket}`) })}>
            {shown.blockers.map((blocker) => (
              <li key={blocker.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-accent">
                <Link to={paths.blocker(blocker.id)} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                  {blocker.title}
                </Link>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <PriorityBadge priority={blocker.priority} />
                  {t("insights.open.since", { when: formatDateTime(blocker.openedAt) })}
                </span>
              </li>
            ))}
            {shown.count > shown.blockers.length && <li className="px-2 text-xs text-muted-foreground">{t("insights.open.more", { count: shown.count - shown.blockers.length })}</li>}
          </ul>
        )}
      </div>
    </section>
  );
}
