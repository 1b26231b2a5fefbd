import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { authMessages, isEmail } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { usePageTitle } from "@/web/lib/use-page-title";
import { authFailureOf } from "../auth-error";
import { CardPage } from "@/web/components/card-page";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("auth.forgot.title"));
  const [email, setEmail] = useState("");
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!email.trim()) return setFailure(authMessages.emailRequired);
    if (!isEmail(email.trim())) return setFailure(t("auth.errors.email"));
    setPending(true);
    const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: paths.resetPassword });
    setPending(false);
    if (error) return setFailure(authFailureOf(error).message);
    setSent(true);
  }

  const backToLogin = (
    <Link to={paths.login} className="font-medium text-foreground underline underline-offset-4">
      {t("auth.forgot.back")}
    </Link>
  );
  if (sent) {
    return (
      <CardPage title={t("auth.forgot.sentTitle")} description={t("auth.forgot.sent", { email: email.trim() })} footer={backToLogin}>
        <p className="text-sm text-muted-foreground">{t("auth.forgot.sentHint")}</p>
      </CardPage>
    );
  }
  return (
    <CardPage title={t("auth.forgot.title")} description={t("auth.forgot.description")} footer={backToLogin}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{failure}</FormAlert>
        <FormField label={t("auth.fields.email")}>
          {(control) => <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
        </FormField>
        <Button type="submit" disabled={pending}>
          {t("auth.forgot.submit")}
        </Button>
      </form>
    </CardPage>
  );
}
