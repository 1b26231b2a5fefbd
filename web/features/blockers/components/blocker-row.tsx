// One blocker in a list — the dashboard's columns, the team board, /resolved, a teammate's page — as one dense row
// (issue #27): priority, title, people, due date and age on a line of at most 44 px, so a column shows a dozen and more.
// The row's one primary action and its menu of the rest appear on hover and on focus (always on a touch screen,
// which has no hover); a shortcut (d, s, n) presses them on the row in focus. A row with declined parts has a second
// line saying who declined and why: that is what its author must act on.
import { CalendarClock, Mail } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/cn";
import { formatDateTime, formatFullDateTime, formatWhen } from "@/web/lib/date-time";
import { firstNameOf, personName } from "@/web/lib/person-name";
import { formatAge, formatAgo } from "@/web/lib/relative-time";
import type { BlockerCardData } from "../api/get-dashboard-list";
import { DeclinedParts } from "./declined-parts";
import { PartStatus } from "./part-status";
import { PriorityIcon } from "./priority-badge";
import { StatusBadge } from "./status-badge";

type Props = {
  card: BlockerCardData;
  now: Date;
  /** Whose names the row shows: the people waiting (on my desk), or the people waited on, with their parts. */
  people: "waiting" | "blocking";
  /** More facts before the people (a snooze's end, how long it blocked). */
  meta?: ReactNode;
  /** The row's one primary action (a button). */
  primary?: ReactNode;
  /** The row's menu of the rest (its trigger). */
  menu?: ReactNode;
};

export function BlockerRow({ card, now, people, meta, primary, menu }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  // An ended blocker is dated by when it ended, an open one by how long it has been waiting.
  const since = card.resolvedAt ?? card.createdAt;
  return (
    <article data-testid="blocker-row" data-blocker-card aria-labelledby={titleId} className="group/row relative grid gap-1 px-3 py-1 hover:bg-muted/50 has-focus-visible:bg-muted/50">
      <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
        <PriorityIcon priority={card.priority} />
        <h3 id={titleId} className="min-w-0 flex-1 basis-[calc(100%-2rem)] truncate text-sm font-medium sm:basis-0">
          <Link to={paths.blocker(card.id)} data-card-link className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {card.title}
          </Link>
        </h3>
        <div className="ml-7 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground sm:ml-0 sm:shrink-0 sm:flex-nowrap">
          {card.status !== "open" && <StatusBadge status={card.status} />}
          {meta}
          {people === "waiting" ? <WaitingPeople card={card} /> : <BlockingPeople card={card} now={now} />}
          <DueDate card={card} now={now} />
          <time dateTime={since} title={formatFullDateTime(since)} className="w-12 shrink-0 text-right tabular-nums">
            <span className="sr-only">{t(card.resolvedAt ? "blockers.card.endedAgo" : "blockers.card.loggedAgo")} </span>
            {(card.resolvedAt ? formatAgo : formatAge)(now.getTime() - new Date(since).getTime(), t)}
          </time>
        </div>
        {(primary || menu) && (
          // With a mouse, drawn over the row's end while it is hovered or holds focus; on a touch screen, always there.
          <div className="ml-auto flex shrink-0 items-center gap-1 pointer-fine:absolute pointer-fine:top-1 pointer-fine:right-2 pointer-fine:bg-muted pointer-fine:pl-2 pointer-fine:opacity-0 pointer-fine:group-focus-within/row:opacity-100 pointer-fine:group-hover/row:opacity-100">
            {primary}
            {menu}
          </div>
        )}
      </div>
      {people === "blocking" && <DeclinedParts card={card} />}
    </article>
  );
}

/** The due date in a few characters ("Mon 10:19"), the words for screen readers and as its tooltip; red once passed. */
function DueDate({ card, now }: { card: BlockerCardData; now: Date }) {
  const { t } = useTranslation();
  if (!card.dueAt) return null;
  const overdue = card.status === "open" && new Date(card.dueAt) < now;
  const words = t(overdue ? "blockers.card.overdue" : "blockers.card.due", { date: formatDateTime(card.dueAt) });
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1", overdue && "font-medium text-destructive")} title={words}>
      <CalendarClock className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{formatWhen(card.dueAt, now)}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

/** Who waits: their pictures and the first one's first name; the sentence for screen readers and as a tooltip. */
function WaitingPeople({ card }: { card: BlockerCardData }) {
  const { t } = useTranslation();
  const waiting = card.waiting.length > 0 ? card.waiting : [card.creator];
  const [first] = waiting;
  const sentence = t("blockers.card.waiting", { count: waiting.length - 1, name: personName(first, t) });
  return (
    <span className="flex min-w-0 items-center gap-1.5" title={sentence}>
      <span className="flex -space-x-1.5" aria-hidden="true">
        {waiting.slice(0, 3).map((person) => (
          <PersonAvatar key={person.id} person={person} className="size-5 ring-2 ring-background" />
        ))}
      </span>
      <span aria-hidden="true" className="max-w-24 truncate">
        {firstNameOf(personName(first, t))}
        {waiting.length > 1 && ` +${waiting.length - 1}`}
      </span>
      <span className="sr-only">{sentence}</span>
    </span>
  );
}

/** Who it waits on, each with the state of their part: two named, then "+n" (every name is read out). */
function BlockingPeople({ card, now }: { card: BlockerCardData; now: Date }) {
  const { t } = useTranslation();
  const shown = card.blocking.slice(0, 2);
  const more = card.blocking.length - shown.length + card.invited.length;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="sr-only">{t("blockers.card.waitingOn")}</span>
      <ul className="flex min-w-0 items-center gap-2">
        {shown.map((part) => {
          // "Next reminder to Bob: Tuesday 09:00", as the tooltip (and read out after the status).
          const reminder = part.status === "pending" && part.nextReminderAt ? t("blockers.card.nextReminderTo", { name: personName(part.person, t), when: formatWhen(part.nextReminderAt, now) }) : undefined;
          return (
            <li key={part.person.id} className="flex min-w-0 items-center gap-1" title={reminder}>
              <PersonAvatar person={part.person} className="size-5" />
              <span aria-hidden="true" className="max-w-24 truncate">
                {firstNameOf(personName(part.person, t))}
              </span>
              <span className="sr-only">{personName(part.person, t)}</span>
              <PartStatus part={part} now={now} />
              {reminder && <span className="sr-only">{reminder}</span>}
            </li>
          );
        })}
        {card.blocking.length <= 2 &&
          card.invited.map((email) => (
            <li key={email} className="flex min-w-0 items-center gap-1">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="max-w-40 truncate">{t("blockers.card.invited", { email })}</span>
            </li>
          ))}
        {card.blocking.length > 2 && more > 0 && <li title={[...card.blocking.slice(2).map((part) => personName(part.person, t)), ...card.invited].join(", ")}>{t("blockers.card.more", { count: more })}</li>}
      </ul>
    </span>
  );
}

export function BlockerRowSkeleton() {
  return (
    <div className="flex h-11 items-center gap-3 px-3" aria-hidden="true">
      <Skeleton className="size-4" />
      <Skeleton className="h-4 flex-1" />
      <Skeleton className="size-5 rounded-full" />
      <Skeleton className="h-4 w-10" />
    </div>
  );
}
