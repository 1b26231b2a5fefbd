// Nudge one pending person; at most once an hour and not while they snooze (common/nudge-rules.ts), so until then
// the button says when the next nudge is allowed, or until when they snoozed.
import type { TFunction } from "i18next";
import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LazyTooltip } from "@/web/components/lazy-tooltip";
import { Button } from "@/web/components/ui/button";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import { track } from "@/web/lib/analytics";
import { ApiError } from "@/web/lib/api-error";
import { formatWhen } from "@/web/lib/date-time";
import { firstNameOf, personName } from "@/web/lib/person-name";
import type { BlockingPart } from "../api/get-dashboard-list";
import { nudgeBlockingPerson } from "../api/nudge-blocking-person";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { isSnoozed } from "./part-status";

/** Nudging one person, with the toasts; `name` is theirs. */
export function useNudge(name: string) {
  const { t } = useTranslation();
  return useBlockerMutation(nudgeBlockingPerson, {
    successMessage: () => t("blockers.nudge.sent", { name }),
    errorMessage: (error) => nudgeErrorText(error, name, t),
    onSuccess: () => track("nudge sent", { source: "web" }),
  });
}

/** Why a nudge is not allowed now ("Bob snoozed this until Tue 09:00", "You can nudge Bob again at 14:05"), or undefined. */
export function nudgeWait(part: BlockingPart, now: Date, t: TFunction): string | undefined {
  const name = personName(part.person, t);
  if (part.snoozedUntil && isSnoozed(part, now)) return t("blockers.nudge.snoozed", { name, time: formatWhen(part.snoozedUntil, now) });
  if (part.nextNudgeAt && new Date(part.nextNudgeAt) > now) return t("blockers.nudge.nextAt", { name, time: formatWhen(part.nextNudgeAt, now) });
  return undefined;
}

/** `short` shows only the first name on the button (rows); the accessible name is always complete. */
export function NudgeButton({ blockerId, part, now, short = false }: { blockerId: string; part: BlockingPart; now: Date; short?: boolean }) {
  const { t } = useTranslation();
  const name = personName(part.person, t);
  const nudge = useNudge(name);
  const wait = nudgeWait(part, now, t);
  const fullLabel = t("blockers.nudge.button", { name });
  const content = (
    <>
      <BellRing aria-hidden="true" />
      {short ? t("blockers.nudge.button", { name: firstNameOf(name) }) : fullLabel}
    </>
  );

  if (wait) {
    // aria-disabled rather than disabled: the button stays focusable, so keyboard users reach the tooltip too.
    return (
      <LazyTooltip content={wait}>
        <Button size="sm" variant="outline" aria-disabled="true" aria-label={fullLabel} {...shortcutAttributes("nudge")} className="cursor-not-allowed opacity-50" onClick={(event) => event.preventDefault()}>
          {content}
        </Button>
      </LazyTooltip>
    );
  }
  return (
    <Button size="sm" variant="outline" disabled={nudge.isPending} aria-label={fullLabel} {...shortcutAttributes("nudge")} onClick={() => nudge.mutate({ id: blockerId, profileId: part.person.id })}>
      {content}
    </Button>
  );
}

/** The 429 carries the time of the next allowed nudge, the 409 the snooze's end; say them in the reader's own clock. */
function nudgeErrorText(error: Error, name: string, t: TFunction): string {
  const body = error instanceof ApiError ? error.body : undefined;
  if (typeof body !== "object" || body === null) return error.message;
  if (error instanceof ApiError && error.code === "nudge_too_soon" && "nextNudgeAt" in body && typeof body.nextNudgeAt === "string") {
    return t("blockers.nudge.tooSoon", { time: formatWhen(body.nextNudgeAt, new Date()) });
  }
  if (error instanceof ApiError && error.code === "part_snoozed" && "snoozedUntil" in body && typeof body.snoozedUntil === "string") {
    return t("blockers.nudge.snoozed", { name, time: formatWhen(body.snoozedUntil, new Date()) });
  }
  return error.message;
}
