// Cancelling a blocker, after a confirmation: on its page, and on a card nobody is left pending on.
import { Ban } from "lucide-react";
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
import { cancelBlocker } from "../api/end-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

/** `title`: the blocker's, when the button sits among others in a list and needs it for its accessible name. */
export function CancelBlockerButton({ blockerId, title, size }: { blockerId: string; title?: string; size?: "sm" }) {
  const { t } = useTranslation();
  const cancel = useBlockerMutation(cancelBlocker, { successMessage: () => t("blockers.actions.cancelled") });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size={size} className="text-destructive hover:text-destructive" disabled={cancel.isPending} aria-label={title ? t("blockers.actions.cancelNamed", { title }) : undefined}>
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
          <AlertDialogAction variant="destructive" onClick={() => cancel.mutate(blockerId)}>
            {t("blockers.actions.confirmCancel")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
