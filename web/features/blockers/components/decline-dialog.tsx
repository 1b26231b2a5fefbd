// Declining my part: a reason is required ("not mine — ask Dana"), and I may name who to ask instead.
import { useState, type FormEvent, type ReactElement, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { returnFocusTo } from "@/web/lib/return-focus";
import { DECLINE_REASON_MAX, declineSchema } from "@/common/blockers";
import { FormAlert, FormField } from "@/web/components/form-field";
import type { OpenableProps } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Textarea } from "@/web/components/ui/textarea";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { formErrorsOf } from "@/web/lib/api-error";
import { declineBlocker } from "../api/answer-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

/** Loaded when Decline is first pressed (BlockerActions, through loadOnUse), then opened at once. */
export default function DeclineDialog({ blockerId, trigger, defaultOpen = false }: OpenableProps & { blockerId: string }) {
  const [open, setOpen] = useState(defaultOpen);
  return <DeclineBlockerDialog blockerId={blockerId} open={open} onOpenChange={setOpen} trigger={trigger} />;
}

type Props = { blockerId: string; open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactElement; returnFocusTo?: RefObject<HTMLElement | null> };

/** The dialog itself, opened by its trigger or by its owner (a row's menu item, whose button gets the focus back). */
export function DeclineBlockerDialog({ blockerId, open, onOpenChange: setOpen, trigger, returnFocusTo: menuButton }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [suggested, setSuggested] = useState<string[]>([]);
  const [reasonError, setReasonError] = useState<string>();
  const decline = useBlockerMutation(declineBlocker, {
    errorMessage: false,
    successMessage: ({ resolved }) => t(resolved ? "blockers.decline.resolved" : "blockers.decline.toast"),
    undoable: (_result, { id }) => ({ id, change: "declined" }),
    onSuccess: () => setOpen(false),
  });
  const { fields, message: formError } = formErrorsOf(decline.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { reason, suggestedProfileId: suggested[0] };
    const parsed = declineSchema.safeParse(input);
    setReasonError(parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === "reason")?.message);
    if (parsed.success) decline.mutate({ id: blockerId, ...input });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) decline.reset();
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent onCloseAutoFocus={returnFocusTo(menuButton)}>
        <DialogHeader>
          <DialogTitle>{t("blockers.decline.title")}</DialogTitle>
          <DialogDescription>{t("blockers.decline.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert>{formError}</FormAlert>
          <FormField label={t("blockers.decline.reason")} error={reasonError ?? fields.reason?.[0]}>
            {(control) => <Textarea {...control} rows={3} maxLength={DECLINE_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} placeholder={t("blockers.decline.reasonPlaceholder")} />}
          </FormField>
          <FormField label={t("blockers.decline.suggest")} error={fields.suggestedProfileId?.[0]} hint={t("blockers.decline.suggestHint")}>
            {(control) => <PeoplePicker {...control} multiple={false} value={suggested} onChange={setSuggested} placeholder={t("blockers.decline.suggestPlaceholder")} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {t("blockers.decline.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
