// Quick capture (issue #27): `c` or "Add a blocker" opens a compact dialog over the current page — the title, then who
// it waits on, the priority and a due date in words ("fri 5pm", "in 3 days": the date it means shows beside it), and a
// description that grows. Ctrl/Cmd+Enter logs it and the page stays where it was. Loaded the first time it opens (or
// while the browser is idle); /add remains the page for links.
import { useEffect, useEffectEvent, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { blockerPriorities, createBlockerSchema, type BlockerPriority, type CreateBlockerInput } from "@/common/blockers";
import { DEFAULT_WORKING_HOURS } from "@/common/profile";
import { useAuth } from "@/web/app/auth-context";
import { useTypedAhead } from "@/web/features/shortcuts/typed-ahead";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { ApiError } from "@/web/lib/api-error";
import { formatWhen } from "@/web/lib/date-time";
import { useNow } from "@/web/lib/use-now";
import { useCreateBlocker } from "../api/create-blocker";
import { parseDue } from "../due-words";
import { useFieldErrors } from "./blocker-detail-fields";

type Fields = keyof CreateBlockerInput;

export default function QuickCapture({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-[15%] translate-y-0 sm:max-w-xl" data-testid="quick-capture">
        <DialogHeader>
          <DialogTitle>{t("blockers.quick.title")}</DialogTitle>
          <DialogDescription className="sr-only">{t("blockers.quick.description")}</DialogDescription>
        </DialogHeader>
        {/* Drawn anew each time it opens: what was typed last time was logged, or given up with Escape. The title, first
            in it, takes the focus (Radix's dialog focuses its first field). */}
        {open && <QuickCaptureForm onLogged={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function QuickCaptureForm({ onLogged }: { onLogged: () => void }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const now = useNow();
  // What was typed while this code loaded (c, then the title at once, on a page just opened), if anything.
  const [title, setTitle] = useTypedAhead("quick-capture");
  const [blocking, setBlocking] = useState<string[]>([]);
  const [invitees, setInvitees] = useState<string[]>([]);
  const [priority, setPriority] = useState<BlockerPriority>("normal");
  const [dueWords, setDueWords] = useState("");
  const [description, setDescription] = useState("");
  const { formRef, setErrors, errorOf, edited, check, focusFirstError } = useFieldErrors<Fields>();
  const due = dueWords.trim() ? parseDue(dueWords, now, (profile?.workingHours ?? DEFAULT_WORKING_HOURS).end) : null;

  const create = useCreateBlocker(() => onLogged());

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const input: CreateBlockerInput = { title, blockingProfileIds: blocking, blockingEmails: invitees, priority, description: description.trim() ? description : undefined, dueAt: due?.toISOString() };
    const found = check(createBlockerSchema, input);
    if (dueWords.trim() && !due) found.dueAt = [t("blockers.quick.dueUnknown")];
    else if (due && due < new Date()) found.dueAt = [t("blockers.form.duePast")];
    setErrors(found);
    create.reset();
    if (Object.keys(found).length > 0) return focusFirstError();
    create.mutate(input, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        focusFirstError();
      },
    });
  }

  // Ctrl/Cmd+Enter logs it from any field of the form (Enter alone in the title does too; in the description it starts
  // a line). Listened to on the form itself: the fields are many, and a keyboard shortcut is not a click.
  const submitNow = useEffectEvent(() => submit());
  useEffect(() => {
    const form = formRef.current;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      submitNow();
    };
    form?.addEventListener("keydown", onKeyDown);
    return () => form?.removeEventListener("keydown", onKeyDown);
  }, [formRef]);
  const formError = create.error && !(create.error instanceof ApiError && Object.keys(create.error.fields).length > 0) ? create.error.message : undefined;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      <FormAlert>{formError}</FormAlert>
      <FormField label={t("blockers.form.title")} error={errorOf("title")}>
        {(control) => <Input {...control} autoComplete="off" className="h-10 text-base" placeholder={t("blockers.form.titlePlaceholder")} value={title} onChange={(event) => edited("title", setTitle)(event.target.value)} />}
      </FormField>
      <FormField label={t("blockers.form.blocking")} error={errorOf("blockingProfileIds") ?? errorOf("blockingEmails")}>
        {(control) => <PeoplePicker {...control} value={blocking} onChange={edited("blockingProfileIds", setBlocking)} emails={invitees} onEmailsChange={edited("blockingEmails", setInvitees)} placeholder={t("blockers.form.blockingPlaceholder")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField label={t("blockers.form.priority")} error={errorOf("priority")}>
          {(control) => (
            <NativeSelect {...control} value={priority} onChange={(event) => edited("priority", setPriority)(event.target.value as BlockerPriority)}>
              {[...blockerPriorities].reverse().map((option) => (
                <option key={option} value={option}>
                  {t(`blockers.priority.${option}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("blockers.form.due")} error={errorOf("dueAt")} hint={due ? t("blockers.quick.dueMeans", { date: formatWhen(due, now) }) : t("blockers.quick.dueHint")}>
          {(control) => <Input {...control} autoComplete="off" placeholder={t("blockers.quick.duePlaceholder")} value={dueWords} onChange={(event) => edited("dueAt", setDueWords)(event.target.value)} />}
        </FormField>
      </div>
      <FormField label={t("blockers.form.description")} error={errorOf("description")}>
        {(control) => <Textarea {...control} rows={2} className="max-h-60 min-h-16 [field-sizing:content]" value={description} onChange={(event) => edited("description", setDescription)(event.target.value)} />}
      </FormField>
      <DialogFooter className="items-center gap-3 sm:justify-between">
        <p className="text-xs text-muted-foreground">{t("blockers.quick.keys")}</p>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("blockers.form.submitting") : t("blockers.form.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
