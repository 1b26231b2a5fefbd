// Nudge one pending person; at most once an hour, so until then the button says when the next nudge is allowed.
import type { TFunction } from "i18next";
import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LazyTooltip } from "@/web/components/lazy-tooltip";
import { Button } from "@/web/components/ui/button";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import { track } from "@/web/lib/analytics";
import { ApiError } from "@/web/lib/api-error";
import { formatMoment } from "@/web/lib/date-time";
import { personName } from "@/web/lib/person-name";
import type { BlockingPart } from "../api/get-dashboard-list";
import { nudgeBlockingPerson } from "../api/nudge-blocking-person";
import { useBlockerMutation } from "../api/use-blocker-mutation";

/** `short` shows only the first name on the button (dashboard cards); the accessible name is always complete. */
export function NudgeButton({ blockerId, part, now, short = false }: { blockerId: string; part: BlockingPart; now: Date; short?: boolean }) {
  const { t } = useTranslation();
  const name = personName(part.person, t);
  const nudge = useBlockerMutation(nudgeBlockingPerson, {
    successMessage: () => t("blockers.nudge.sent", { name }),
    errorMessage: (error) => nudgeErrorText(error, t),
    onSuccess: () => track("nudge sent", { source: "web" }),
  });
  const waitUntil = part.nextNudgeAt && new Date(part.nextNudgeAt) > now ? part.nextNudgeAt : null;
  const fullLabel = t("blockers.nudge.button", { name });
  const content = (
    <>
      <BellRing aria-hidden="true" />
      {short ? t("blockers.nudge.button", { name: firstNameOf(name) }) : fullLabel}
    </>
  );

  if (waitUntil) {
    // aria-disabled rather than disabled: the button stays focusable, so keyboard users reach the tooltip too.
    return (
      <LazyTooltip content={t("blockers.nudge.nextAt", { name, time: formatMoment(waitUntil, now) })}>
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

const firstNameOf = (name: string) => (name.includes("@") ? name : (name.split(/\s+/)[0] ?? name));

/** The 429 carries the time of the next allowed nudge; say it in the reader's own clock. */
function nudgeErrorText(error: Error, t: TFunction): string {
  const body = error instanceof ApiError && error.code === "nudge_too_soon" ? error.body : undefined;
  if (typeof body === "object" && body !== null && "nextNudgeAt" in body && typeof body.nextNudgeAt === "string") {
    return t("blockers.nudge.tooSoon", { time: formatMoment(body.nextNudgeAt, new Date()) });
  }
  return error.message;
}
