// Snoozing my reminders: a day, three days, or until a moment I choose.
import { AlarmClock, ChevronDown } from "lucide-react";
import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { DAY_MS } from "@/common/durations";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { Input } from "@/web/components/ui/input";
import { shortcutAttributes } from "@/web/features/shortcuts/shortcut-list";
import { ApiError } from "@/web/lib/api-error";
import { localInputToIso, toLocalInputValue } from "@/web/lib/date-time";
import { useSnooze } from "./quick-answers";

/** Tomorrow at 9:00 local time: the usual "not today" answer, offered as the default date. */
function tomorrowMorning(): string {
  const date = new Date(Date.now() + DAY_MS);
  date.setHours(9, 0, 0, 0);
  return toLocalInputValue(date);
}

export function SnoozeMenu({ blockerId }: { blockerId: string }) {
  const { t } = useTranslation();
  const snooze = useSnooze();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const snoozeFor = (days: number) => snooze.mutate({ id: blockerId, until: new Date(Date.now() + days * DAY_MS).toISOString() });
  return (
    <>
      {/* Not modal: a modal menu hides the page from screen readers while its buttons stay focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" disabled={snooze.isPending} {...shortcutAttributes("snooze")}>
            <AlarmClock aria-hidden="true" />
            {t("blockers.snooze.button")}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => snoozeFor(1)}>{t("blockers.snooze.oneDay")}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => snoozeFor(3)}>{t("blockers.snooze.threeDays")}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialogOpen(true)}>{t("blockers.snooze.untilDate")}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SnoozeUntilDialog blockerId={blockerId} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusTo={triggerRef} />
    </>
  );
}

type DialogProps = { blockerId: string; open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: RefObject<HTMLButtonElement | null> };

function SnoozeUntilDialog({ blockerId, open, onOpenChange, returnFocusTo }: DialogProps) {
  const { t } = useTranslation();
  const [untilLocal, setUntilLocal] = useState(tomorrowMorning);
  const [error, setError] = useState<string>();
  const snooze = useSnooze({ inForm: true });
  const serverField = snooze.error instanceof ApiError ? snooze.error.fields.until?.[0] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const until = localInputToIso(untilLocal);
    if (!until) return setError(t("blockers.snooze.invalid"));
    if (new Date(until) <= new Date()) return setError(t("blockers.snooze.past"));
    setError(undefined);
    snooze.mutate({ id: blockerId, until }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Opened from a menu item that no longer exists: focus goes back to the menu's button instead. */}
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("blockers.snooze.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("blockers.snooze.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert>{snooze.error && !serverField ? snooze.error.message : undefined}</FormAlert>
          <FormField label={t("blockers.snooze.until")} error={error ?? serverField}>
            {(control) => <Input {...control} type="datetime-local" min={toLocalInputValue(new Date())} value={untilLocal} onChange={(event) => setUntilLocal(event.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={snooze.isPending}>
              {t("blockers.snooze.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
