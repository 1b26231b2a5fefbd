import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { authMessages, isEmail } from "@/common/auth-rules";
import { paths } from "@/common/paths";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { usePageTitle } from "@/web/lib/use-page-title";
import { authFailureOf } from "../auth-error";
import { CardPage } from "@/web/components/card-page";
import { OneTimeCodeForm } from "../components/one-time-code-form";
import { needsSecondFactor, SecondFactorForm } from "../components/second-factor-form";

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t("auth.login.title"));
  const [method, setMethod] = useState<"password" | "code">("password");
  const [searchParams] = useSearchParams();
  // The first step passed and the account asks for its second factor: here, or by a confirmation link, which comes
  // to this page's second step (SECOND_STEP_PAGE on the server).
  const [secondStep, setSecondStep] = useState(searchParams.get("step") === "second-factor");
  const onSecondFactor = () => setSecondStep(true);

  if (secondStep) {
    return (
      <CardPage title={t("auth.secondFactor.title")} description={t("auth.login.description")}>
        <SecondFactorForm onStartAgain={() => setSecondStep(false)} />
      </CardPage>
    );
  }
  return (
    <CardPage
      title={t("auth.login.title")}
      description={t("auth.login.description")}
      footer={
        <span>
          {t("auth.login.noAccount")}{" "}
          <Link to={paths.signup} className="font-medium text-foreground underline underline-offset-4">
            {t("auth.login.signUp")}
          </Link>
        </span>
      }
    >
      {method === "password" ? <PasswordSignIn onSecondFactor={onSecondFactor} /> : <OneTimeCodeForm onSecondFactor={onSecondFactor} />}
      <Button variant="link" className="mt-2 w-full" onClick={() => setMethod(method === "password" ? "code" : "password")}>
        {method === "password" ? t("auth.login.useCode") : t("auth.login.usePassword")}
      </Button>
    </CardPage>
  );
}

function PasswordSignIn({ onSecondFactor }: { onSecondFactor: () => void }) {
  const { t } = useTranslation();
  // `?email=`: the address is known (the invitation's page sends its reader here to sign in and come back).
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setEmailError(undefined);
    if (!email.trim() || !password) return setFailure(authMessages.credentialsRequired);
    if (!isEmail(email.trim())) return setEmailError(t("auth.errors.email"));
    setPending(true);
    const { data, error } = await authClient.signIn.email({ email: email.trim(), password });
    setPending(false);
    if (needsSecondFactor(data)) return onSecondFactor();
    if (error) {
      const { code, message, status } = authFailureOf(error);
      // The guard sends a signed-in visitor on to the dashboard (or onboarding) as soon as the session is there.
      if (code === "EMAIL_NOT_VERIFIED") setFailure(t("auth.login.verifyFirst"));
      else if (status === 401) setFailure(t("auth.login.invalid"));
      else setFailure(message);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormAlert>{failure}</FormAlert>
      <FormField label={t("auth.fields.email")} error={emailError}>
        {(control) => <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
      </FormField>
      <FormField
        label={t("auth.fields.password")}
        hint={
          <Link to={paths.forgotPassword} className="underline underline-offset-4">
            {t("auth.login.forgot")}
          </Link>
        }
      >
        {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? t("auth.login.submitting") : t("auth.login.submit")}
      </Button>
    </form>
  );
}
