// The answers a blocking person gives from a list: done, or "remind me tomorrow".
import { AlarmClock, Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SNOOZE_ONE_DAY_MS } from "@/common/durations";
import { Button } from "@/web/components/ui/button";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import { track } from "@/web/lib/analytics";
import { formatMoment } from "@/web/lib/date-time";
import { markDone, snoozeBlocker } from "../api/answer-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";


export function useMarkDone() {
  const { t } = useTranslation();
  return useBlockerMutation(markDone, {
    successMessage: ({ resolved }) => t(resolved ? "blockers.done.resolved" : "blockers.done.toast"),
    // The last part marked done resolves the blocker: the same outcome as Resolve.
    onSuccess: ({ resolved }) => {
      if (resolved) track("blocker resolved", { source: "web", by: "last part done" });
    },
  });
}

/** `inForm`: the caller shows errors next to its date field instead of in a toast. */
export function useSnooze({ inForm = false } = {}) {
  const { t } = useTranslation();
  return useBlockerMutation(snoozeBlocker, {
    successMessage: (_result, { until }) => t("blockers.snooze.toast", { time: formatMoment(until, new Date()) }),
    ...(inForm ? { errorMessage: false as const } : {}),
  });
}

export function QuickAnswers({ blockerId, title }: { blockerId: string; title: string }) {
  const { t } = useTranslation();
  const done = useMarkDone();
  const snooze = useSnooze();
  // Snoozing does not hold up "done" (a shortcut's d right after s must work); once done, nothing is left to snooze.
  const busy = done.isPending;
  return (
    <>
      <Button size="sm" disabled={busy} onClick={() => done.mutate(blockerId)} {...shortcutAttributes("done")} aria-label={t("blockers.done.buttonFor", { title })}>
        <Check aria-hidden="true" />
        {t("blockers.done.buttonShort")}
      </Button>
      <Button size="sm" variant="outline" disabled={busy || snooze.isPending} {...shortcutAttributes("snooze")} onClick={() => snooze.mutate({ id: blockerId, until: new Date(Date.now() + SNOOZE_ONE_DAY_MS).toISOString() })} aria-label={t("blockers.snooze.oneDayFor", { title })}>
        <AlarmClock aria-hidden="true" />
        {t("blockers.snooze.oneDay")}
      </Button>
    </>
  );
}
