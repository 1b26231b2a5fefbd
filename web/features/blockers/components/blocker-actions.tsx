// What the viewer may do with this blocker, as the server says (`can`): answer for their part, or end/reopen it.
import { Ban, Check, CircleCheck, RotateCcw, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { cancelBlocker, reopenBlocker, resolveBlocker } from "../api/end-blocker";
import type { BlockerDetail } from "../api/get-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { DeclineDialog } from "./decline-dialog";
import { useMarkDone } from "./quick-answers";
import { SnoozeMenu } from "./snooze-menu";

export function BlockerActions({ blocker }: { blocker: BlockerDetail }) {
  const { t } = useTranslation();
  const { can } = blocker;
  const done = useMarkDone();
  const resolve = useBlockerMutation(resolveBlocker, { successMessage: () => t("blockers.actions.resolved") });
  const cancel = useBlockerMutation(cancelBlocker, { successMessage: () => t("blockers.actions.cancelled") });
  const reopen = useBlockerMutation(reopenBlocker, { successMessage: () => t("blockers.actions.reopened") });
  const answers = can.markDone || can.decline || can.snooze;
  const ending = can.resolve || can.cancel || can.reopen;
  if (!answers && !ending) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {can.markDone && (
        <Button onClick={() => done.mutate(blocker.id)} disabled={done.isPending}>
          <Check aria-hidden="true" />
          {t("blockers.done.button")}
        </Button>
      )}
      {can.snooze && <SnoozeMenu blockerId={blocker.id} />}
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
      {can.cancel && (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" className="text-destructive hover:text-destructive" disabled={cancel.isPending}>
              <Ban aria-hidden="true" />
              {t("blockers.actions.cancel")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("blockers.actions.cancelTitle")}</AlertDialogTitle>
              <AlertDialogDescription>{t("blockers.actions.cancelDescription")}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("blockers.actions.keepOpen")}</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={() => cancel.mutate(blocker.id)}>
                {t("blockers.actions.confirmCancel")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
      {can.reopen && (
        <Button variant="outline" onClick={() => reopen.mutate(blocker.id)} disabled={reopen.isPending}>
          <RotateCcw aria-hidden="true" />
          {t("blockers.actions.reopen")}
        </Button>
      )}
    </div>
  );
}
