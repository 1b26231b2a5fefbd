// A blocking person's answers, wherever they are given (a row, the blocker's page): done, or snoozed.
import { useTranslation } from "react-i18next";
import { track } from "@/web/lib/analytics";
import { formatWhen } from "@/web/lib/date-time";
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

/** `inForm`: the caller shows errors next to its date field instead of in a toast. The toast says the server's end. */
export function useSnooze({ inForm = false } = {}) {
  const { t } = useTranslation();
  return useBlockerMutation(snoozeBlocker, {
    successMessage: ({ snoozedUntil }) => t("blockers.snooze.toast", { time: formatWhen(snoozedUntil, new Date()) }),
    ...(inForm ? { errorMessage: false as const } : {}),
  });
}
