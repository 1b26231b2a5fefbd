// What the viewer may do with this blocker, as the server says (`can`): answer for their part, or end/reopen it.
import { AlarmClock, Check, ChevronDown, CircleCheck, RotateCcw, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { loadOnUse } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import { reopenBlocker } from "../api/end-blocker";
import type { BlockerDetail } from "../api/get-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { CancelBlockerButton } from "./cancel-blocker-button";
import { useMarkDone, useResolve } from "./use-answers";

// The decline form (a dialog, the people picker, its rules) loads when Decline is first pressed; the snooze menu
// (its calendar arithmetic) when Snooze is.
const DeclineDialog = loadOnUse(() => import("./decline-dialog"), "dialog");
const SnoozeMenu = loadOnUse(() => import("./snooze-menu"), "menu");

export function BlockerActions({ blocker }: { blocker: BlockerDetail }) {
  const { t } = useTranslation();
  const { can } = blocker;
  const done = useMarkDone();
  const resolve = useResolve();
  const reopen = useBlockerMutation(reopenBlocker, { successMessage: () => t("blockers.actions.reopened") });
  const answers = can.markDone || can.decline || can.snooze;
  const ending = can.resolve || can.cancel || can.reopen;
  if (!answers && !ending) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {can.markDone && (
        <Button onClick={() => done.mutate(blocker.id)} disabled={done.isPending} {...shortcutAttributes("done")}>
          <Check aria-hidden="true" />
          {t("blockers.done.button")}
        </Button>
      )}
      {can.snooze && (
        <SnoozeMenu
          blockerId={blocker.id}
          trigger={
            <Button variant="outline" {...shortcutAttributes("snooze")}>
              <AlarmClock aria-hidden="true" />
              {t("blockers.snooze.button")}
              <ChevronDown aria-hidden="true" />
            </Button>
          }
        />
      )}
      {can.decline && (
        <DeclineDialog
          blockerId={blocker.id}
          trigger={
            <Button variant="outline">
              <X aria-hidden="true" />
              {t("blockers.decline.button")}
            </Button>
          }
        />
      )}
      {answers && ending && <span className="hidden h-6 w-px bg-border sm:block" aria-hidden="true" />}
      {can.resolve && (
        <Button variant="outline" onClick={() => resolve.mutate(blocker.id)} disabled={resolve.isPending}>
          <CircleCheck aria-hidden="true" />
          {t("blockers.actions.resolve")}
        </Button>
      )}
      {can.cancel && <CancelBlockerButton blockerId={blocker.id} />}
      {can.reopen && (
        <Button variant="outline" onClick={() => reopen.mutate(blocker.id)} disabled={reopen.isPending}>
          <RotateCcw aria-hidden="true" />
          {t("blockers.actions.reopen")}
        </Button>
      )}
    </div>
  );
}
