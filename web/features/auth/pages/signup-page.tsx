import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "@/web/lib/toast";
import { authMessages, isEmail, PASSWORD_MIN_LENGTH, type WeakPasswordReason } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { track } from "@/web/lib/analytics";
import { authClient } from "@/web/lib/auth-client";
import { usePageTitle } from "@/web/lib/use-page-title";
import { rememberChosenPlan } from "@/web/lib/chosen-plan";
import { isInvitationToken } from "@/web/features/onboarding/invitation-token";
import { JoinInvitation } from "@/web/features/onboarding/components/join-invitation";
import { resend } from "../api/resend";
import { authFailureOf } from "../auth-error";
import { CardPage } from "@/web/components/card-page";
import { WeakPasswordReasons } from "../components/weak-password-reasons";

/** An invitation's link (`?invite=<token>`) opens the invitation's own screen; without one, the sign-up form. */
export default function SignupPage() {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get("invite");
  return invite && isInvitationToken(invite) ? <JoinInvitation token={invite} /> : <SignUpForm />;
}

function SignUpForm() {
  const { t } = useTranslation();
  usePageTitle(t("auth.signup.title"));
  const [searchParams] = useSearchParams();
  useEffect(() => rememberChosenPlan(searchParams.get("plan")), [searchParams]);
  // Links sent before invitations had tokens carried the address itself in `invite`.
  const invite = searchParams.get("invite");
  const [email, setEmail] = useState(searchParams.get("email") ?? (invite?.includes("@") ? invite : ""));
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [weakReasons, setWeakReasons] = useState<WeakPasswordReason[]>([]);
  const [pending, setPending] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setEmailError(undefined);
    setWeakReasons([]);
    if (!email.trim() || !password) return setFailure(authMessages.credentialsRequired);
    if (!isEmail(email.trim())) return setEmailError(t("auth.errors.email"));
    setPending(true);
    const { data, error } = await authClient.signUp.email({ email: email.trim(), password, name: "", callbackURL: paths.authCallback });
    setPending(false);
    if (error) {
      const failed = authFailureOf(error);
      if (failed.code === "weak_password") return setWeakReasons(failed.weakPasswordReasons);
      if (failed.code === "USER_ALREADY_EXISTS" || failed.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return setFailure(t("auth.signup.exists"));
      return setFailure(failed.message);
    }
    track("signed up", { source: "web", invited: Boolean(invite) });
    // Without a session token the server wants the address confirmed first (SMTP is configured).
    if (!data?.token) setAwaitingConfirmation(true);
  }

  async function resendConfirmation() {
    try {
      await resend(email.trim(), "signup");
      toast.success(t("auth.signup.resent"));
    } catch (error) {
      setFailure(authFailureOf(error).message);
    }
  }

  if (awaitingConfirmation) {
    return (
      <CardPage title={t("auth.signup.checkInbox")} description={t("auth.signup.checkInboxDescription", { email: email.trim() })}>
        <FormAlert>{failure}</FormAlert>
        <Button variant="outline" className="w-full" onClick={resendConfirmation}>
          {t("auth.signup.resend")}
        </Button>
      </CardPage>
    );
  }

  return (
    <CardPage
      title={t("auth.signup.title")}
      description={t("auth.signup.description")}
      footer={
        <span>
          {t("auth.signup.haveAccount")}{" "}
          <Link to={paths.login} className="font-medium text-foreground underline underline-offset-4">
            {t("auth.signup.login")}
          </Link>
        </span>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{failure}</FormAlert>
        <FormField label={t("auth.fields.email")} error={emailError}>
          {(control) => <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
        </FormField>
        <FormField label={t("auth.fields.password")} hint={t("auth.signup.passwordHint", { min: PASSWORD_MIN_LENGTH })}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
        </FormField>
        <WeakPasswordReasons reasons={weakReasons} />
        <Button type="submit" disabled={pending}>
          {pending ? t("auth.signup.submitting") : t("auth.signup.submit")}
        </Button>
      </form>
    </CardPage>
  );
}
