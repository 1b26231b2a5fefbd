// A blocking person's own part: still pending (maybe snoozed), done, declined, or released when the blocker ended.
import { AlarmClockOff, CircleCheck, CircleDashed, CircleMinus, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatWhen } from "@/web/lib/date-time";
import { personName } from "@/web/lib/person-name";
import type { BlockingPart } from "../api/get-dashboard-list";
import { cn } from "@/web/lib/cn";

const icons = { pending: CircleDashed, done: CircleCheck, declined: CircleX, released: CircleMinus } as const;
const colours = { pending: "text-muted-foreground", done: "text-green-700 dark:text-green-400", declined: "text-red-700 dark:text-red-400", released: "text-muted-foreground" } as const;

/** Snoozed only counts while the snooze lasts and the part is still pending. */
export const isSnoozed = (part: Pick<BlockingPart, "status" | "snoozedUntil">, now: Date) => part.status === "pending" && part.snoozedUntil !== null && new Date(part.snoozedUntil) > now;

/** An icon with the status for screen readers; `withText` writes it out too. */
export function PartStatus({ part, now, withText = false }: { part: Pick<BlockingPart, "status" | "snoozedUntil">; now: Date; withText?: boolean }) {
  const { t } = useTranslation();
  const snoozed = isSnoozed(part, now);
  const Icon = snoozed ? AlarmClockOff : icons[part.status];
  const text = snoozed && part.snoozedUntil ? t("blockers.part.snoozedUntil", { date: formatWhen(part.snoozedUntil, now) }) : t(`blockers.part.${part.status}`);
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs", colours[part.status])} title={withText ? undefined : text}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className={withText ? undefined : "sr-only"}>{text}</span>
    </span>
  );
}

/**
 * When snoozed parts return, on a row: "Snoozed until Tue 09:00" (mine), or for the people waiting, "Bob snoozed until
 * Tue 09:00" (`named`; the first of several to return). Nothing when none of them is snoozed.
 */
export function SnoozeNote({ parts, now, named = false }: { parts: BlockingPart[]; now: Date; named?: boolean }) {
  const { t } = useTranslation();
  const snoozed = parts.filter((part) => isSnoozed(part, now)).sort((a, b) => String(a.snoozedUntil).localeCompare(String(b.snoozedUntil)));
  const [first] = snoozed;
  if (!first?.snoozedUntil) return null;
  const time = formatWhen(first.snoozedUntil, now);
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      <AlarmClockOff className="size-3.5" aria-hidden="true" />
      {named ? t("blockers.part.snoozedBy", { name: personName(first.person, t), time }) : t("blockers.part.snoozedUntil", { date: time })}
    </span>
  );
}
