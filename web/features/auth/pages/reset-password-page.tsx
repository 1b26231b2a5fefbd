import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/web/lib/toast";
import { PASSWORD_MIN_LENGTH, type WeakPasswordReason } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { usePageTitle } from "@/web/lib/use-page-title";
import { authFailureOf } from "../auth-error";
import { CardPage } from "@/web/components/card-page";
import { WeakPasswordReasons } from "../components/weak-password-reasons";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("auth.reset.title"));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [weakReasons, setWeakReasons] = useState<WeakPasswordReason[]>([]);
  const [pending, setPending] = useState(false);

  const requestAgain = (
    <Link to={paths.forgotPassword} className="font-medium text-foreground underline underline-offset-4">
      {t("auth.reset.requestAgain")}
    </Link>
  );
  if (!token || searchParams.get("error")) {
    return (
      <CardPage title={t("auth.reset.title")} footer={requestAgain}>
        <FormAlert>{t("auth.reset.invalidLink")}</FormAlert>
      </CardPage>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setWeakReasons([]);
    setMismatch(password !== confirmation);
    if (password !== confirmation) return;
    setPending(true);
    const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? "" });
    setPending(false);
    if (error) {
      const failed = authFailureOf(error);
      if (failed.code === "weak_password") return setWeakReasons(failed.weakPasswordReasons);
      return setFailure(failed.code === "INVALID_TOKEN" ? t("auth.reset.invalidLink") : failed.message);
    }
    toast.success(t("auth.reset.done"));
    await navigate(paths.login, { replace: true });
  }

  return (
    <CardPage title={t("auth.reset.title")} description={t("auth.reset.description")} footer={requestAgain}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{failure}</FormAlert>
        <FormField label={t("auth.reset.newPassword")} hint={t("auth.signup.passwordHint", { min: PASSWORD_MIN_LENGTH })}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
        </FormField>
        <FormField label={t("auth.reset.confirm")} error={mismatch ? t("auth.reset.mismatch") : undefined}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />}
        </FormField>
        <WeakPasswordReasons reasons={weakReasons} />
        <Button type="submit" disabled={pending}>
          {t("auth.reset.submit")}
        </Button>
      </form>
    </CardPage>
  );
}
