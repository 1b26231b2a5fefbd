// The blocker's history, oldest first, as sentences; comments show their text.
import { AlarmClock, Ban, BellRing, CircleCheck, CirclePlus, CircleX, LogOut, MessageSquare, Pencil, RotateCcw, UserMinus, UserPlus, type LucideIcon, Siren, Undo2 } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { blockerPriorities, editableBlockerFields, type BlockerEventType, type EditableBlockerField } from "@/common/blocker-values";
import { PersonAvatar } from "@/web/components/person-avatar";
import { formatDateTime, formatFullDateTime } from "@/web/lib/date-time";
import { bareName, personName } from "@/web/lib/person-name";
import { formatAgo } from "@/web/lib/relative-time";
import type { TimelineEvent } from "../api/get-blocker";

const icons: Record<BlockerEventType, LucideIcon> = {
  created: CirclePlus,
  commented: MessageSquare,
  nudged: BellRing,
  auto_nudged: BellRing,
  snoozed: AlarmClock,
  declined: CircleX,
  done: CircleCheck,
  resolved: CircleCheck,
  cancelled: Ban,
  reopened: RotateCcw,
  person_added: UserPlus,
  person_removed: UserMinus,
  person_left: LogOut,
  edited: Pencil,
  escalated: Siren,
  undone: Undo2,
};

const textIn = (payload: TimelineEvent["payload"], key: string): string | undefined => {
  const value: unknown = payload[key];
  return typeof value === "string" ? value : undefined;
};

/** The translation key of an event's sentence; some types read differently with their payload. */
function sentenceKey(event: TimelineEvent): string {
  switch (event.type) {
    case "resolved":
      if (event.payload.by === "github") return "blockers.timeline.resolvedByGithub";
      return event.payload.automatic === true ? "blockers.timeline.resolvedAutomatically" : "blockers.timeline.resolved";
    case "done":
      // Marked done on the blocking person's behalf: the pull request merged, or the issue closed.
      if (event.payload.by === "github") return textIn(event.payload, "event") === "merged" ? "blockers.timeline.doneByGithubMerged" : "blockers.timeline.doneByGithubClosed";
      return "blockers.timeline.done";
    case "declined":
      return event.suggested ? "blockers.timeline.declinedSuggesting" : "blockers.timeline.declined";
    case "undone":
      return `blockers.timeline.undone.${textIn(event.payload, "type") ?? "done"}`;
    case "person_added":
    case "person_removed":
      return `blockers.timeline.${event.type}.${textIn(event.payload, "role") === "waiting" ? "waiting" : "blocking"}`;
    default:
      return `blockers.timeline.${event.type}`;
  }
}

export function BlockerTimeline({ events, now }: { events: TimelineEvent[]; now: Date }) {
  return (
    <ol className="grid gap-4">
      {events.map((event) => (event.type === "commented" ? <CommentItem key={event.id} event={event} now={now} /> : <EventItem key={event.id} event={event} now={now} />))}
    </ol>
  );
}

function When({ at, now }: { at: string; now: Date }) {
  const { t } = useTranslation();
  return (
    <time dateTime={at} title={formatFullDateTime(at)} className="shrink-0 text-xs text-muted-foreground">
      {formatAgo(now.getTime() - new Date(at).getTime(), t)}
    </time>
  );
}

type DetailChange = { field: EditableBlockerField; from: string | null; to: string | null };

/** The changes an `edited` event lists, in the order of the form; anything malformed is left out. */
function changesIn(payload: TimelineEvent["payload"]): DetailChange[] {
  const changes: unknown = payload.changes;
  if (typeof changes !== "object" || changes === null) return [];
  const record = changes as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return editableBlockerFields.flatMap((field) => {
    const change = record[field];
    if (typeof change !== "object" || change === null) return [];
    return [{ field, from: text((change as Record<string, unknown>).from), to: text((change as Record<string, unknown>).to) }];
  });
}

/** One line per change: old and new values where they are short, "edited" for the description. */
function EditedChanges({ payload }: { payload: TimelineEvent["payload"] }) {
  const { t } = useTranslation();
  const shown = (change: DetailChange, value: string | null) => {
    if (value === null) return "";
    if (change.field === "dueAt") return formatDateTime(value);
    if (change.field === "priority") return (blockerPriorities as readonly string[]).includes(value) ? t(`blockers.priority.${value}`) : value;
    return value;
  };
  return (
    <ul className="mt-1 grid gap-0.5">
      {changesIn(payload).map((change) => {
        const how = change.from === null ? "added" : change.to === null ? "removed" : "changed";
        return (
          <li key={change.field} className="break-words">
            {t(`blockers.timeline.edits.${change.field}.${how}`, { from: shown(change, change.from), to: shown(change, change.to) })}
          </li>
        );
      })}
    </ul>
  );
}

function EventItem({ event, now }: { event: TimelineEvent; now: Date }) {
  const { t } = useTranslation();
  const Icon = icons[event.type];
  const until = textIn(event.payload, "until");
  const values = {
    actor: personName(event.actor, t),
    // "is no longer in the team" says it already: the name alone.
    subject: event.type === "person_left" ? bareName(event.subject, t) : personName(event.subject, t),
    suggested: personName(event.suggested, t),
    reason: textIn(event.payload, "reason") ?? "",
    until: until ? formatDateTime(until) : "",
    count: typeof event.payload.reminders === "number" ? event.payload.reminders : 0,
    number: typeof event.payload.number === "number" ? event.payload.number : 0,
    kind: t(textIn(event.payload, "kind") === "issue" ? "github.issue" : "github.pullRequest"),
  };
  return (
    <li className="flex items-start gap-3 text-sm">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full border bg-background">
        <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pt-1 break-words text-muted-foreground">
        <p>
          <Trans i18nKey={sentenceKey(event)} values={values} components={{ strong: <strong className="font-medium text-foreground" /> }} />
        </p>
        {event.type === "edited" && <EditedChanges payload={event.payload} />}
      </div>
      <span className="pt-1">
        <When at={event.createdAt} now={now} />
      </span>
    </li>
  );
}

function CommentItem({ event, now }: { event: TimelineEvent; now: Date }) {
  const { t } = useTranslation();
  const actor = personName(event.actor, t);
  return (
    <li className="flex items-start gap-3">
      {event.actor ? <PersonAvatar person={event.actor} className="size-7" /> : <span className="size-7 shrink-0" />}
      <div className="min-w-0 flex-1 rounded-lg border bg-card">
        <div className="flex items-center gap-2 border-b px-3 py-1.5 text-sm">
          <span className="truncate font-medium">{actor}</span>
          <span className="sr-only">{t("blockers.timeline.commentLabel")}</span>
          <span className="ml-auto">
            <When at={event.createdAt} now={now} />
          </span>
        </div>
        <p className="px-3 py-2 text-sm break-words whitespace-pre-wrap">{textIn(event.payload, "body")}</p>
      </div>
    </li>
  );
}
