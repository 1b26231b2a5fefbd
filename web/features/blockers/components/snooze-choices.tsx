// The snooze menu's choices — Later today, Tomorrow, Next week, a day — each with the moment it ends, worked out as
// the server will (common/snooze.ts: at the start of the person's working hours), and the dialog that picks a day.
// Loaded with the menus that show them, never with a page: the calendar arithmetic (Temporal) stays out of first loads.
import { useState, type FormEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { returnFocusTo as focusBack } from "@/web/lib/return-focus";
import { snoozeChoices, type SnoozeChoice } from "@/common/blocker-values";
import { DEFAULT_WORKING_HOURS } from "@/common/profile";
import { snoozeEnd } from "@/common/snooze";
import { localDate } from "@/common/working-time";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuShortcut } from "@/web/components/ui/dropdown-menu";
import { Input } from "@/web/components/ui/input";
import { formErrorsOf } from "@/web/lib/api-error";
import { formatWhen } from "@/web/lib/date-time";
import { useNow } from "@/web/lib/use-now";
import { useSnooze } from "./use-answers";

/** The signed-in person's zone and hours, as the server reads them for their snoozes. */
function useSnoozer() {
  const { profile } = useAuth();
  return { timezone: profile?.timezone ?? "UTC", workingHours: profile?.workingHours ?? DEFAULT_WORKING_HOURS };
}

const labels: Record<SnoozeChoice, string> = { "later-today": "blockers.snooze.laterToday", tomorrow: "blockers.snooze.tomorrow", "next-week": "blockers.snooze.nextWeek" };

/** The menu's items: a label, each choice open now with its end, and "Pick a day…" (which opens SnoozeDayDialog). */
export function SnoozeChoiceItems({ blockerId, onPickDay }: { blockerId: string; onPickDay: () => void }) {
  const { t } = useTranslation();
  const snooze = useSnooze();
  const snoozer = useSnoozer();
  const now = useNow();
  return (
    <>
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t("blockers.snooze.until")}</DropdownMenuLabel>
      {snoozeChoices.map((choice) => {
        const end = snoozeEnd({ choice }, now, snoozer);
        if (!end) return null;
        return (
          <DropdownMenuItem key={choice} disabled={snooze.isPending} onSelect={() => snooze.mutate({ id: blockerId, choice, expected: end })}>
            {t(labels[choice])}
            <DropdownMenuShortcut className="tracking-normal">{formatWhen(end, now)}</DropdownMenuShortcut>
          </DropdownMenuItem>
        );
      })}
      <DropdownMenuItem onSelect={onPickDay}>{t("blockers.snooze.pickDay")}</DropdownMenuItem>
    </>
  );
}

type DialogProps = { blockerId: string; open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: RefObject<HTMLElement | null> };

/** A day of the person's calendar; the snooze ends as their working hours start that day (or the next working day). */
export function SnoozeDayDialog({ blockerId, open, onOpenChange, returnFocusTo }: DialogProps) {
  const { t } = useTranslation();
  const snoozer = useSnoozer();
  const now = useNow();
  const tomorrow = localDate(now, snoozer.timezone, 1);
  const [day, setDay] = useState(tomorrow);
  const [error, setError] = useState<string>();
  const snooze = useSnooze({ inForm: true });
  const { fields, message } = formErrorsOf(snooze.error);
  const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? snoozeEnd({ on: day }, now, snoozer) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError(t("blockers.snooze.invalid"));
    if (day < tomorrow) return setError(t("blockers.snooze.past"));
    setError(undefined);
    snooze.mutate({ id: blockerId, on: day, ...(end ? { expected: end } : {}) }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Opened from a menu item that no longer exists: focus goes back to the menu's button instead. */}
      <DialogContent onCloseAutoFocus={focusBack(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>{t("blockers.snooze.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("blockers.snooze.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert>{message}</FormAlert>
          <FormField label={t("blockers.snooze.day")} error={error ?? fields.on?.[0]} hint={end ? t("blockers.snooze.endsAt", { time: formatWhen(end, now) }) : undefined}>
            {(control) => <Input {...control} type="date" min={tomorrow} value={day} onChange={(event) => setDay(event.target.value)} />}
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
