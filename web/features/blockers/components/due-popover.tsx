// The due date, changed in place on a blocker's page (its author and the team's admins): the chip opens this, where
// a date is typed in words as in quick capture ("fri 5pm", "in 3 days"; the date it means shown before saving), or
// removed. Loaded when the chip is first used (loadOnUse).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_WORKING_HOURS } from "@/common/profile";
import { useAuth } from "@/web/app/auth-context";
import { FormField } from "@/web/components/form-field";
import type { OpenableProps } from "@/web/components/load-on-use";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { formErrorsOf } from "@/web/lib/api-error";
import { formatWhen } from "@/web/lib/date-time";
import { useNow } from "@/web/lib/use-now";
import { editBlocker } from "../api/edit-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { parseDue } from "../due-words";

export default function DuePopover({ blockerId, dueAt, trigger, defaultOpen = false }: OpenableProps & { blockerId: string; dueAt: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="start" className="w-80">
        {open && <DueForm blockerId={blockerId} dueAt={dueAt} onSaved={() => setOpen(false)} label={t("blockers.form.due")} />}
      </PopoverContent>
    </Popover>
  );
}

function DueForm({ blockerId, dueAt, onSaved, label }: { blockerId: string; dueAt: string | null; onSaved: () => void; label: string }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const now = useNow();
  const [words, setWords] = useState("");
  const [error, setError] = useState<string>();
  const save = useBlockerMutation(editBlocker, { errorMessage: false, successMessage: (_result, input) => (input.dueAt ? t("blockers.chips.dueSaved", { date: formatWhen(input.dueAt, new Date()) }) : t("blockers.chips.dueRemoved")), onSuccess: onSaved });
  const due = words.trim() ? parseDue(words, now, (profile?.workingHours ?? DEFAULT_WORKING_HOURS).end) : null;
  const serverError = formErrorsOf(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!due) return setError(t("blockers.quick.dueUnknown"));
    if (due < new Date()) return setError(t("blockers.form.duePast"));
    setError(undefined);
    save.mutate({ id: blockerId, dueAt: due.toISOString() });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField label={label} error={error ?? serverError.fields.dueAt?.[0] ?? serverError.message} hint={due ? t("blockers.quick.dueMeans", { date: formatWhen(due, now) }) : t("blockers.quick.dueHint")}>
        {(control) => <Input {...control} autoComplete="off" placeholder={t("blockers.quick.duePlaceholder")} value={words} onChange={(event) => setWords(event.target.value)} />}
      </FormField>
      <div className="flex items-center justify-between gap-2">
        {dueAt ? (
          <Button type="button" variant="ghost" size="sm" disabled={save.isPending} onClick={() => save.mutate({ id: blockerId, dueAt: null })}>
            {t("blockers.chips.removeDue")}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t("blockers.chips.saveDue")}
        </Button>
      </div>
    </form>
  );
}
