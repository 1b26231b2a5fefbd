// The blocker's words — title, details, link — edited on its page (its creator and the team's admins: `can.edit`);
// the priority and the due date are chips changed in place (blocker-details.tsx). The server records each change on
// the timeline. Escape or Cancel leaves the blocker as it was.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { editBlockerSchema, type EditBlockerInput } from "@/common/blockers";
import { FormAlert } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { ApiError } from "@/web/lib/api-error";
import { editBlocker } from "../api/edit-blocker";
import type { BlockerDetail } from "../api/get-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";
import { DescriptionField, LinkField, TitleField, useFieldErrors } from "./blocker-detail-fields";

type Fields = keyof EditBlockerInput;

export function EditBlockerForm({ blocker, onClose }: { blocker: BlockerDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(blocker.title);
  const [description, setDescription] = useState(blocker.description ?? "");
  const [linkUrl, setLinkUrl] = useState(blocker.linkUrl ?? "");
  const { formRef, setErrors, errorOf, edited, check, focusFirstError } = useFieldErrors<Fields>();
  // Opening the form takes the keyboard to its first field.
  useEffect(() => formRef.current?.querySelector("input")?.focus(), [formRef]);
  const save = useBlockerMutation(editBlocker, {
    errorMessage: false,
    successMessage: ({ changed }) => (changed.length > 0 ? t("blockers.edit.saved") : t("blockers.edit.unchanged")),
    onSuccess: onClose,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: EditBlockerInput = {
      title,
      description: description.trim() ? description : null,
      linkUrl: linkUrl.trim() ? linkUrl.trim() : null,
    };
    const found = check(editBlockerSchema, input);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) return focusFirstError();
    save.mutate(
      { id: blocker.id, ...input },
      {
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          focusFirstError();
        },
      },
    );
  }

  // Escape, with the keyboard in the form, leaves it unsaved (as Cancel does).
  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || !formRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener("keydown", cancelOnEscape);
    return () => document.removeEventListener("keydown", cancelOnEscape);
  }, [formRef, onClose]);
  const formError = save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0) ? save.error : null;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t("blockers.edit.formLabel")} className="grid gap-5 rounded-lg border bg-card p-4">
      {formError && <FormAlert>{formError.message}</FormAlert>}
      <TitleField value={title} onChange={edited("title", setTitle)} error={errorOf("title")} />
      <DescriptionField value={description} onChange={edited("description", setDescription)} error={errorOf("description")} />
      <LinkField value={linkUrl} onChange={edited("linkUrl", setLinkUrl)} error={errorOf("linkUrl")} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("blockers.edit.saving") : t("blockers.edit.save")}
        </Button>
      </div>
    </form>
  );
}
