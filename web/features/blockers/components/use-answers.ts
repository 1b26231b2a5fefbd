// The changes given from a row or the blocker's page alike: a part done, a snooze, a blocker resolved by hand —
// each confirmed by a toast that offers to undo it.
import { useTranslation } from "react-i18next";
import { track } from "@/web/lib/analytics";
import { formatWhen } from "@/web/lib/date-time";
import { useAuth } from "@/web/app/auth-context";
import { markDone, snoozeBlocker } from "../api/answer-blocker";
import { changeDashboardCard } from "../api/get-dashboard-list";
import { resolveBlocker } from "../api/end-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

export function useMarkDone() {
  const { t } = useTranslation();
  return useBlockerMutation(markDone, {
    // Done: it leaves my column at once.
    optimistic: (id, queryClient) => changeDashboardCard(queryClient, "waiting-on-me", id, () => null),
    successMessage: ({ resolved }) => t(resolved ? "blockers.done.resolved" : "blockers.done.toast"),
    undoable: (_result, id) => ({ id, change: "done" }),
    // The last part marked done resolves the blocker: the same outcome as Resolve.
    onSuccess: ({ resolved }) => {
      if (resolved) track("blocker resolved", { source: "web", by: "last part done" });
    },
  });
}

/** `inForm`: the caller shows errors next to its date field instead of in a toast. The toast says the server's end. */
export function useSnooze({ inForm = false } = {}) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  return useBlockerMutation(snoozeBlocker, {
    // Snoozed until the end the menu worked out: the row folds away at once.
    optimistic: async ({ id, expected }, queryClient) => {
      if (!expected) return;
      const snoozedUntil = expected.toISOString();
      await changeDashboardCard(queryClient, "waiting-on-me", id, (card) => ({ ...card, blocking: card.blocking.map((part) => (part.person.id === profile?.id ? { ...part, snoozedUntil } : part)) }));
    },
    successMessage: ({ snoozedUntil }) => t("blockers.snooze.toast", { time: formatWhen(snoozedUntil, new Date()) }),
    undoable: (_result, { id }) => ({ id, change: "snoozed" }),
    ...(inForm ? { errorMessage: false as const } : {}),
  });
}

export function useResolve() {
  const { t } = useTranslation();
  return useBlockerMutation(resolveBlocker, {
    successMessage: () => t("blockers.actions.resolved"),
    undoable: (_result, id) => ({ id, change: "resolved" }),
    onSuccess: () => track("blocker resolved", { source: "web", by: "resolve" }),
  });
}
