// The blocker form (/add): what you wait for, on whom, and the optional details. Checked with the server's own
// schema before sending; the server's field errors land under the same fields.
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { blockerPriorities, createBlockerSchema, DESCRIPTION_MAX, TITLE_MAX, type BlockerPriority, type CreateBlockerInput } from "@/common/blockers";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/web/components/ui/radio-group";
import { Textarea } from "@/web/components/ui/textarea";
import { PeoplePicker } from "@/web/features/people/components/people-picker";
import { ApiError, type FieldErrors } from "@/web/lib/api-error";
import { localInputToIso, toLocalInputValue } from "@/web/lib/date-time";
import { createBlocker } from "../api/create-blocker";
import { useBlockerMutation } from "../api/use-blocker-mutation";

type Fields = keyof CreateBlockerInput;

export function BlockerForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState("");
  const [blocking, setBlocking] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [linkUrl, setLinkUrl] = useState("");
  const [priority, setPriority] = useState<BlockerPriority>("normal");
  const [dueLocal, setDueLocal] = useState("");
  const [alsoBlocked, setAlsoBlocked] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useBlockerMutation(createBlocker, {
    errorMessage: false,
    successMessage: () => t("blockers.form.added"),
    onSuccess: ({ id }) => navigate(paths.blocker(id)),
  });
  const errorOf = (field: Fields) => errors[field]?.[0];
  /** A field's error goes away as soon as the person changes that field. */
  const edited =
    <Value,>(field: Fields, set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
    };

  // After a refused submit, take the keyboard to the first field at fault (once React has marked it),
  // scrolled to the middle so the sticky header does not hide its label.
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: "center" });
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const dueAt = dueLocal ? localInputToIso(dueLocal) : undefined;
    const input: CreateBlockerInput = {
      title,
      blockingProfileIds: blocking,
      alsoBlockedProfileIds: alsoBlocked,
      priority,
      description: description.trim() ? description : undefined,
      linkUrl: linkUrl.trim() ? linkUrl.trim() : undefined,
      dueAt,
    };
    const found: FieldErrors = {};
    const parsed = createBlockerSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
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
      <FormField label={t("blockers.form.title")} error={errorOf("title")} hint={t("blockers.form.titleHint")}>
        {(control) => <Input {...control} value={title} maxLength={TITLE_MAX} onChange={(event) => edited("title", setTitle)(event.target.value)} placeholder={t("blockers.form.titlePlaceholder")} />}
      </FormField>
      <FormField label={t("blockers.form.blocking")} error={errorOf("blockingProfileIds")} hint={t("blockers.form.blockingHint")}>
        {(control) => <PeoplePicker {...control} value={blocking} onChange={edited("blockingProfileIds", setBlocking)} exclude={alsoBlocked} placeholder={t("blockers.form.blockingPlaceholder")} />}
      </FormField>
      <FormField label={t("blockers.form.description")} error={errorOf("description")} hint={t("blockers.form.optional")}>
        {(control) => <Textarea {...control} rows={4} value={description} maxLength={DESCRIPTION_MAX} onChange={(event) => edited("description", setDescription)(event.target.value)} />}
      </FormField>
      <FormField label={t("blockers.form.link")} error={errorOf("linkUrl")} hint={t("blockers.form.linkHint")}>
        {(control) => <Input {...control} type="url" inputMode="url" value={linkUrl} onChange={(event) => edited("linkUrl", setLinkUrl)(event.target.value)} placeholder="https://" />}
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <PriorityField value={priority} onChange={edited("priority", setPriority)} error={errorOf("priority")} />
        <FormField label={t("blockers.form.due")} error={errorOf("dueAt")} hint={t("blockers.form.optional")}>
          {(control) => <Input {...control} type="datetime-local" min={toLocalInputValue(new Date())} value={dueLocal} onChange={(event) => edited("dueAt", setDueLocal)(event.target.value)} />}
        </FormField>
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

function PriorityField({ value, onChange, error }: { value: BlockerPriority; onChange: (priority: BlockerPriority) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <Label id={`${id}-label`}>{t("blockers.form.priority")}</Label>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onValueChange={(next) => onChange(next as BlockerPriority)}
        className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2"
      >
        {blockerPriorities.map((priority) => (
          <div key={priority} className="flex items-center gap-2">
            <RadioGroupItem value={priority} id={`${id}-${priority}`} />
            <Label htmlFor={`${id}-${priority}`} className="font-normal">
              {t(`blockers.priority.${priority}`)}
            </Label>
          </div>
        ))}
      </RadioGroup>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
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
