// The blocker form (/add): what you wait for, on whom, and the optional details. Checked with the server's own
// schema before sending; the server's field errors land under the same fields.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { createBlockerSchema, type BlockerPriority, type CreateBlockerInput } from "@/common/blockers";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { ApiError } from "@/web/lib/api-error";
import { localInputToIso } from "@/web/lib/date-time";
import { useCreateBlocker } from "../api/create-blocker";
import { DescriptionField, DueField, LinkField, PriorityField, TitleField, useFieldErrors } from "./blocker-detail-fields";

type Fields = keyof CreateBlockerInput;

export function BlockerForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [blocking, setBlocking] = useState<string[]>([]);
  /** People outside the team, named by e-mail: they are invited, and the blocker waits on them once they join. */
  const [invitees, setInvitees] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [linkUrl, setLinkUrl] = useState("");
  const [priority, setPriority] = useState<BlockerPriority>("normal");
  const [dueLocal, setDueLocal] = useState("");
  const [alsoBlocked, setAlsoBlocked] = useState<string[]>([]);
  const { formRef, setErrors, errorOf, edited, check, focusFirstError } = useFieldErrors<Fields>();

  const create = useCreateBlocker(({ id }) => navigate(paths.blocker(id)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const dueAt = dueLocal ? localInputToIso(dueLocal) : undefined;
    const input: CreateBlockerInput = {
      title,
      blockingProfileIds: blocking,
      blockingEmails: invitees,
      alsoBlockedProfileIds: alsoBlocked,
      priority,
      description: description.trim() ? description : undefined,
      linkUrl: linkUrl.trim() ? linkUrl.trim() : undefined,
      dueAt,
    };
    const found = check(createBlockerSchema, input);
    if (dueLocal && !dueAt) found.dueAt = [t("blockers.form.dueInvalid")];
    else if (dueAt && new Date(dueAt) < new Date()) found.dueAt = [t("blockers.form.duePast")];
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

  // Field errors show under their fields; anything else (the plan's limit, a lost connection) above the form.
  const formError = create.error && !(create.error instanceof ApiError && Object.keys(create.error.fields).length > 0) ? create.error : null;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6">
      {formError && <FormAlert>{formError instanceof ApiError && formError.code === "plan_limit_reached" ? <PlanLimit error={formError} /> : formError.message}</FormAlert>}
      <TitleField value={title} onChange={edited("title", setTitle)} error={errorOf("title")} />
      <FormField label={t("blockers.form.blocking")} error={errorOf("blockingProfileIds") ?? errorOf("blockingEmails")} hint={t("blockers.form.blockingHint")}>
        {(control) => (
          <PeoplePicker
            {...control}
            value={blocking}
            onChange={edited("blockingProfileIds", setBlocking)}
            emails={invitees}
            onEmailsChange={edited("blockingEmails", setInvitees)}
            exclude={alsoBlocked}
            placeholder={t("blockers.form.blockingPlaceholder")}
          />
        )}
      </FormField>
      <DescriptionField value={description} onChange={edited("description", setDescription)} error={errorOf("description")} />
      <LinkField value={linkUrl} onChange={edited("linkUrl", setLinkUrl)} error={errorOf("linkUrl")} />
      <div className="grid gap-6 sm:grid-cols-2">
        <PriorityField value={priority} onChange={edited("priority", setPriority)} error={errorOf("priority")} />
        <DueField value={dueLocal} onChange={edited("dueAt", setDueLocal)} error={errorOf("dueAt")} />
      </div>
      <FormField label={t("blockers.form.alsoBlocks")} error={errorOf("alsoBlockedProfileIds")} hint={t("blockers.form.alsoBlocksHint")}>
        {(control) => <PeoplePicker {...control} value={alsoBlocked} onChange={edited("alsoBlockedProfileIds", setAlsoBlocked)} exclude={blocking} placeholder={t("blockers.form.alsoBlocksPlaceholder")} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" asChild>
          <Link to={paths.dashboard}>{t("common.cancel")}</Link>
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("blockers.form.submitting") : t("blockers.form.submit")}
        </Button>
      </div>
    </form>
  );
}

function PlanLimit({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const body = error.body;
  const upgradeUrl = typeof body === "object" && body !== null && "upgradeUrl" in body && typeof body.upgradeUrl === "string" ? body.upgradeUrl : paths.organizationBilling;
  return (
    <span>
      {error.message}{" "}
      <Link to={upgradeUrl} className="font-medium underline underline-offset-4">
        {t("blockers.form.upgrade")}
      </Link>
    </span>
  );
}
