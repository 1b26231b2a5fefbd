// One blocker in a list (dashboard, resolved, a teammate's page): title, people, age, priority, and the
// quick actions the list offers.
import { CalendarClock, Mail } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/cn";
import { formatDateTime, formatReminderMoment } from "@/web/lib/date-time";
import { personName } from "@/web/lib/person-name";
import { formatAge, formatAgo } from "@/web/lib/relative-time";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { DeclinedParts } from "./declined-parts";
import { PartStatus } from "./part-status";
import { PriorityBadge } from "./priority-badge";
import { StatusBadge } from "./status-badge";

type Props = {
  card: BlockerCardData;
  now: Date;
  /** Whose names the card shows: the people waiting (on my desk), or the people waited on, with their parts. */
  people: "waiting" | "blocking";
  /** More facts next to the priority (the resolved list adds how long it blocked). */
  meta?: ReactNode;
  actions?: ReactNode;
};

export function BlockerCard({ card, now, people, meta, actions }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const overdue = card.status === "open" && card.dueAt !== null && new Date(card.dueAt) < now;
  // An ended blocker is dated by when it ended, an open one by how long it has been waiting.
  const since = card.resolvedAt ?? card.createdAt;
  return (
    <article data-testid="blocker-card" data-blocker-card aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex items-start gap-3">
        <h3 id={titleId} className="min-w-0 flex-1 leading-snug font-medium break-words">
          <Link to={paths.blocker(card.id)} data-card-link className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {card.title}
          </Link>
        </h3>
        <time dateTime={since} title={formatDateTime(since)} className="shrink-0 text-sm text-muted-foreground tabular-nums">
          <span className="sr-only">{t(card.resolvedAt ? "blockers.card.endedAgo" : "blockers.card.loggedAgo")} </span>
          {(card.resolvedAt ? formatAgo : formatAge)(now.getTime() - new Date(since).getTime(), t)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PriorityBadge priority={card.priority} />
        {card.status !== "open" && <StatusBadge status={card.status} />}
        {meta}
        {card.dueAt && (
          <span className={cn("inline-flex items-center gap-1 text-xs", overdue ? "font-medium text-destructive" : "text-muted-foreground")}>
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {t(overdue ? "blockers.card.overdue" : "blockers.card.due", { date: formatDateTime(card.dueAt) })}
          </span>
        )}
      </div>
      {people === "waiting" ? <WaitingPeople card={card} /> : <BlockingPeople card={card} now={now} />}
      {people === "blocking" && <DeclinedParts card={card} />}
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </article>
  );
}

function WaitingPeople({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const waiting = card.waiting.length > 0 ? card.waiting : [card.creator];
  const [first] = waiting;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
      <span className="flex -space-x-1.5" aria-hidden="true">
        {waiting.slice(0, 3).map((person) => (
          <PersonAvatar key={person.id} person={person} className="ring-2 ring-card" />
        ))}
      </span>
      <span className="min-w-0 truncate">{t("blockers.card.waiting", { count: waiting.length - 1, name: personName(first, t) })}</span>
    </div>
  );
}

function BlockingPeople({ card, now }: { card: BlockerCardData; now: Date }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
      <span className="text-muted-foreground">{t("blockers.card.waitingOn")}</span>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {card.blocking.map((part) => {
          // "Next reminder to Bob: Tuesday 09:00", as the chip's tooltip (and read out after the status).
          const reminder = part.status === "pending" && part.nextReminderAt ? t("blockers.card.nextReminderTo", { name: personName(part.person, t), when: formatReminderMoment(part.nextReminderAt, now) }) : undefined;
          return (
            <li key={part.person.id} className="flex min-w-0 items-center gap-1.5" title={reminder}>
              <PersonAvatar person={part.person} />
              <span className="max-w-40 truncate">{personName(part.person, t)}</span>
              <PartStatus part={part} now={now} />
              {reminder && <span className="sr-only">{reminder}</span>}
            </li>
          );
        })}
        {card.invited.map((email) => (
          <li key={email} className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
            <Mail className="size-4" aria-hidden="true" />
            <span className="max-w-56 truncate">{t("blockers.card.invited", { email })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BlockerCardSkeleton() {
  return (
    <div className="grid gap-3 rounded-lg border p-4" aria-hidden="true">
      <div className="flex gap-3">
        <Skeleton className="h-5 flex-1" />
        <Skeleton className="h-5 w-8" />
      </div>
      <Skeleton className="h-5 w-24" />
      <div className="flex items-center gap-2">
        <Skeleton className="size-6 rounded-full" />
        <Skeleton className="h-4 w-32" />
      </div>
    </div>
  );
}
