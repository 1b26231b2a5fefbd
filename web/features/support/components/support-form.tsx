// The contact form of /support. The public site has no query cache (it would cost every page its weight),
// so the one request here keeps its own pending and error state.
// The public site validates with zod here only: its eval probe is turned off before any form is checked (decision 016).
import { CircleCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL_MAX, SUPPORT_MESSAGE_MAX, SUPPORT_NAME_MAX, supportRequestSchema, type SupportRequestInput } from "@/common/support";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-error";
import { sendSupportRequest } from "../api/send-support-request";

type Field = keyof SupportRequestInput;
type Status = { state: "editing" } | { state: "sending" } | { state: "sent"; email: string } | { state: "refused"; message: string };

const emptyRequest: SupportRequestInput = { name: "", email: "", message: "" };

export function SupportForm() {
  const { t } = useTranslation();
  const [request, setRequest] = useState(emptyRequest);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ state: "editing" });

  const edit = (field: Field) => (event: { target: { value: string } }) => setRequest((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = supportRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      // Focus the first field at fault, so a keyboard or screen-reader user lands on what to fix.
      const first = parsed.error.issues[0]?.path[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${String(first)}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ state: "sending" });
    try {
      await sendSupportRequest(request);
      setStatus({ state: "sent", email: parsed.data.email });
      setRequest(emptyRequest);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])));
        setStatus({ state: "editing" });
      } else {
        setStatus({ state: "refused", message: error instanceof ApiError && error.status < 500 ? error.message : t("support.failed") });
      }
    }
  }

  if (status.state === "sent") {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
        <CircleCheck className="size-8 text-primary" aria-hidden="true" />
        {/* Focus moves to the confirmation, so screen readers announce it and keyboard users continue from here. */}
        <h2 ref={(heading) => heading?.focus()} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t("support.sent.title")}
        </h2>
        <p className="text-muted-foreground">{t("support.sent.description", { email: status.email })}</p>
        <Button variant="outline" onClick={() => setStatus({ state: "editing" })}>
          {t("support.sent.another")}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 rounded-xl border bg-card p-6" aria-label={t("support.form.label")}>
      <FormAlert>{status.state === "refused" ? status.message : undefined}</FormAlert>
      <FormField label={t("support.form.name")} error={errors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" maxLength={SUPPORT_NAME_MAX} value={request.name} onChange={edit("name")} />}
      </FormField>
      <FormField label={t("support.form.email")} error={errors.email} hint={t("support.form.emailHint")}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" maxLength={SUPPORT_EMAIL_MAX} value={request.email} onChange={edit("email")} />}
      </FormField>
      <FormField label={t("support.form.message")} error={errors.message} hint={t("support.form.messageHint")}>
        {(control) => <Textarea {...control} name="message" rows={7} maxLength={SUPPORT_MESSAGE_MAX} value={request.message} onChange={edit("message")} />}
      </FormField>
      <Button type="submit" size="lg" disabled={status.state === "sending"} className="justify-self-start">
        {status.state === "sending" ? t("support.form.sending") : t("support.form.submit")}
      </Button>
    </form>
  );
}
