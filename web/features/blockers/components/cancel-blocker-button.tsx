// Cancelling a blocker, after a confirmation: on its page, and from a row's menu.
import { Ban } from "lucide-react";
import { useState, type ReactElement, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { returnFocusTo } from "@/web/lib/return-focus";
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
import { cancelBlocker } from "../api/end-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

/** Cancel on the blocker's page. */
export function CancelBlockerButton({ blockerId }: { blockerId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CancelBlockerDialog
      blockerId={blockerId}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-destructive hover:text-destructive">
          <Ban aria-hidden="true" />
          {t("blockers.actions.cancel")}
        </Button>
      }
    />
  );
}

type Props = { blockerId: string; open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactElement; returnFocusTo?: RefObject<HTMLElement | null> };

/** The confirmation, opened by its trigger or by its owner (a row's menu item, whose button gets the focus back). */
export function CancelBlockerDialog({ blockerId, open, onOpenChange, trigger, returnFocusTo: menuButton }: Props) {
  const { t } = useTranslation();
  const cancel = useBlockerMutation(cancelBlocker, { successMessage: () => t("blockers.actions.cancelled"), undoable: (_result, id) => ({ id, change: "cancelled" }) });
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={returnFocusTo(menuButton)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("blockers.actions.cancelTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("blockers.actions.cancelDescription")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("blockers.actions.keepOpen")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(blockerId)}>
            {t("blockers.actions.confirmCancel")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
