// The fields of what a blocker says — title, description, link, priority, due date — shared by the form at /add and
// the edit form on the blocker's page, so both read, check and show errors alike.
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { blockerPriorities, DESCRIPTION_MAX, TITLE_MAX, type BlockerPriority } from "@/common/blocker-values";
import { FormField } from "@/web/components/form-field";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/web/components/ui/radio-group";
import { Textarea } from "@/web/components/ui/textarea";
import type { FieldErrors } from "@/web/lib/api-error";
import { toLocalInputValue } from "@/web/lib/date-time";

type FieldProps<Value> = { value: Value; onChange: (value: Value) => void; error: string | undefined };

export function TitleField({ value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <FormField label={t("blockers.form.title")} error={error} hint={t("blockers.form.titleHint")}>
      {(control) => <Input {...control} value={value} maxLength={TITLE_MAX} onChange={(event) => onChange(event.target.value)} placeholder={t("blockers.form.titlePlaceholder")} />}
    </FormField>
  );
}

export function DescriptionField({ value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <FormField label={t("blockers.form.description")} error={error} hint={t("blockers.form.optional")}>
      {(control) => <Textarea {...control} rows={4} value={value} maxLength={DESCRIPTION_MAX} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

export function LinkField({ value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <FormField label={t("blockers.form.link")} error={error} hint={t("blockers.form.linkHint")}>
      {(control) => <Input {...control} type="url" inputMode="url" value={value} onChange={(event) => onChange(event.target.value)} placeholder="https://" />}
    </FormField>
  );
}

/** The due date as <input type="datetime-local"> holds it, in the browser's time zone. */
export function DueField({ value, onChange, error }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <FormField label={t("blockers.form.due")} error={error} hint={t("blockers.form.optional")}>
      {(control) => <Input {...control} type="datetime-local" min={toLocalInputValue(new Date())} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

export function PriorityField({ value, onChange, error }: FieldProps<BlockerPriority>) {
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

/**
 * A form's field errors: from the shared schema before sending, from the server after. A field's error goes away
 * as soon as the person changes that field; after a refused submit the keyboard goes to the first field at fault.
 */
export function useFieldErrors<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorOf = (field: Field) => errors[field]?.[0];
  const edited =
    <Value,>(field: Field, set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
    };
  /** The schema's complaints about the input, by field (its first path segment). */
  const check = (schema: z.ZodType, input: unknown): FieldErrors => {
    const found: FieldErrors = {};
    const parsed = schema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
    return found;
  };
  // Once React has marked the field, scrolled to the middle so the sticky header does not hide its label.
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: "center" });
    });
  return { formRef, errors, setErrors, errorOf, edited, check, focusFirstError };
}
