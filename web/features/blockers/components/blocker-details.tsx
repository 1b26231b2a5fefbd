// The top of a blocker's page: title, status, priority and due date (chips its author changes in place), who logged it and when, description and link (with
// the state of the GitHub pull request or issue it names, when the team's GitHub connection told of it).
import { CalendarClock, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { GithubState } from "@/web/features/github/components/github-state";
import { cn } from "@/web/lib/cn";
import { formatDateTime, formatFullDateTime } from "@/web/lib/date-time";
import { personName } from "@/web/lib/person-name";
import { formatAgo } from "@/web/lib/relative-time";
import type { BlockerDetail } from "../api/get-blocker";
import { loadOnUse } from "@/web/components/load-on-use";
import { PriorityBadge } from "./priority-badge";
import { StatusBadge } from "./status-badge";

// The priority and the due date are changed in place by those who may edit (issue #27: click the chip); their menus
// load when first used.
const PriorityMenu = loadOnUse(() => import("./priority-menu"), "menu");
const DuePopover = loadOnUse(() => import("./due-popover"), "dialog");
const chip = "rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** `action`: what sits beside the title (the Edit button, for those who may edit its words). */
export function BlockerHeading({ blocker, now, action }: { blocker: BlockerDetail; now: Date; action?: ReactNode }) {
  const { t } = useTranslation();
  const overdue = blocker.status === "open" && blocker.dueAt !== null && new Date(blocker.dueAt) < now;
  return (
    <header className="grid gap-3">
      <div className="flex items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{blocker.title}</h1>
        {action}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
        <StatusBadge status={blocker.status} />
        {blocker.can.edit ? (
          <PriorityMenu
            blockerId={blocker.id}
            priority={blocker.priority}
            trigger={
              <button type="button" className={chip} aria-label={t("blockers.chips.priority", { priority: t(`blockers.priority.${blocker.priority}`) })}>
                <PriorityBadge priority={blocker.priority} />
              </button>
            }
          />
        ) : (
          <PriorityBadge priority={blocker.priority} />
        )}
        <span>
          {t("blockers.detail.loggedBy")}{" "}
          <Link to={paths.user(blocker.creator.id)} className="font-medium text-foreground hover:underline">
            {personName(blocker.creator, t)}
          </Link>{" "}
          <time dateTime={blocker.createdAt} title={formatFullDateTime(blocker.createdAt)}>
            {formatAgo(now.getTime() - new Date(blocker.createdAt).getTime(), t)}
          </time>
        </span>
        {blocker.can.edit ? (
          <DuePopover
            blockerId={blocker.id}
            dueAt={blocker.dueAt}
            trigger={
              <button type="button" className={cn(chip, "inline-flex items-center gap-1 px-1.5", overdue && "font-medium text-destructive")}>
                <CalendarClock className="size-4" aria-hidden="true" />
                {blocker.dueAt ? t(overdue ? "blockers.card.overdue" : "blockers.card.due", { date: formatDateTime(blocker.dueAt) }) : t("blockers.chips.addDue")}
              </button>
            }
          />
        ) : (
          blocker.dueAt && (
            <span className={cn("inline-flex items-center gap-1", overdue && "font-medium text-destructive")}>
              <CalendarClock className="size-4" aria-hidden="true" />
              {t(overdue ? "blockers.card.overdue" : "blockers.card.due", { date: formatDateTime(blocker.dueAt) })}
            </span>
          )
        )}
        {blocker.resolvedAt && (
          <span>{t(blocker.status === "cancelled" ? "blockers.detail.cancelledAt" : "blockers.detail.resolvedAt", { date: formatDateTime(blocker.resolvedAt) })}</span>
        )}
      </div>
    </header>
  );
}

export function BlockerDescription({ blocker }: { blocker: BlockerDetail }) {
  const { t } = useTranslation();
  if (!blocker.description && !blocker.linkUrl) return null;
  return (
    <section aria-label={t("blockers.detail.details")} className="grid gap-4">
      {blocker.description && <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{blocker.description}</p>}
      {blocker.linkUrl && <LinkPreview url={blocker.linkUrl} />}
      {blocker.github && <GithubState github={blocker.github} />}
    </section>
  );
}

/** The link as a card: the site, and the address; no outside fetch, so nothing leaks about who opened it. */
function LinkPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const parsed = URL.canParse(url) ? new URL(url) : null;
  // The server accepts only http(s); anything else (an old row, a bug) is shown, never made clickable.
  if (!parsed || !["http:", "https:"].includes(parsed.protocol)) return <p className="text-sm break-all text-muted-foreground">{url}</p>;
  const host = parsed.hostname.replace(/^www\./, "");
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-3 rounded-lg border bg-card p-3 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
        <ExternalLink className="size-4 text-muted-foreground" aria-hidden="true" />
      </span>
      <span className="grid min-w-0">
        <span className="truncate font-medium">{host}</span>
        <span className="truncate text-muted-foreground">{url}</span>
      </span>
      <span className="sr-only">{t("common.opensInNewTab")}</span>
    </a>
  );
}
