// Sign-in with a code sent by e-mail: ask for the address, then for the six digits.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { authMessages, isEmail } from "@/common/auth-rules";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { authFailureOf } from "../auth-error";
import { resend } from "../api/resend";
import { needsSecondFactor } from "./second-factor-form";

/** `onSecondFactor`: the code was right, and the account asks for its authenticator app's code too. */
export function OneTimeCodeForm({ onSecondFactor }: { onSecondFactor?: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!email.trim()) return setFailure(authMessages.emailRequired);
    if (!isEmail(email.trim())) return setFailure(t("auth.errors.email"));
    setPending(true);
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: "sign-in" });
    setPending(false);
    if (error) return setFailure(authFailureOf(error).message);
    setCodeSent(true);
  }

  async function signIn(otp: string) {
    setFailure(undefined);
    setPending(true);
    const { data, error } = await authClient.signIn.emailOtp({ email: email.trim(), otp });
    setPending(false);
    if (error) return setFailure(authFailureOf(error).status === 429 ? authFailureOf(error).message : t("auth.code.invalid"));
    if (needsSecondFactor(data)) onSecondFactor?.();
    // The address had never been confirmed, so the password chosen at sign-up was removed (decision 020): say so
    // now, rather than let the person find out at their next sign-in.
    if (data && "passwordRemoved" in data && data.passwordRemoved === true) {
      toast.info(t("auth.code.passwordRemoved"), { duration: Number.POSITIVE_INFINITY, closeButton: true });
    }
  }

  /** Digits only, however they were typed or pasted ("123 456", "123-456"); the sixth one signs in at once. */
  function typeCode(value: string) {
    const digits = value.replace(/\D/g, "").slice(0, 6);
    setCode(digits);
    if (digits.length === 6 && digits !== code && !pending) void signIn(digits);
  }

  async function resendCode() {
    setFailure(undefined);
    try {
      await resend(email.trim(), "sign-in");
      toast.success(t("auth.code.resent"));
    } catch (error) {
      setFailure(authFailureOf(error).message);
    }
  }

  if (!codeSent) {
    return (
      <form onSubmit={requestCode} noValidate className="grid gap-4">
        <FormAlert>{failure}</FormAlert>
        <FormField label={t("auth.fields.email")} hint={t("auth.code.hint")}>
          {(control) => <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
        </FormField>
        <Button type="submit" disabled={pending}>
          {t("auth.code.send")}
        </Button>
      </form>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void signIn(code);
      }}
      noValidate
      className="grid gap-4"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("auth.code.sent", { email: email.trim() })}
      </p>
      <FormAlert>{failure}</FormAlert>
      <FormField label={t("auth.fields.code")}>
        {(control) => (
          <Input {...control} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => typeCode(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" disabled={pending || code.length !== 6}>
        {t("auth.code.submit")}
      </Button>
      <Button type="button" variant="ghost" onClick={resendCode}>
        {t("auth.code.resend")}
      </Button>
    </form>
  );
}
