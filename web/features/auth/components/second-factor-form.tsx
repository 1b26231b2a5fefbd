// The second step of signing in, for an account with two-factor authentication: the six digits the authenticator app
// shows (the sixth signs in at once), or one of the backup codes. The server keeps the first step for 10 minutes.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authClient } from "@/web/lib/auth-client";
import { authFailureOf } from "../auth-error";

/** The answer of a first step that needs a second one (better-auth's twoFactor plugin). */
export const needsSecondFactor = (data: unknown) => typeof data === "object" && data !== null && "twoFactorRedirect" in data && data.twoFactorRedirect === true;

export function SecondFactorForm({ onStartAgain }: { onStartAgain: () => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<"app" | "backup">("app");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string>();
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);

  async function verify(value: string) {
    setFailure(undefined);
    setPending(true);
    const { error } = method === "app" ? await authClient.twoFactor.verifyTotp({ code: value }) : await authClient.twoFactor.verifyBackupCode({ code: value.trim() });
    setPending(false);
    // On success the session is there: the guard sends the person on (the plugin's client re-reads the session).
    if (!error) return;
    const { code: reason, status, message } = authFailureOf(error);
    if (reason === "INVALID_TWO_FACTOR_COOKIE") return setExpired(true);
    setFailure(status === 429 ? message : t(method === "app" ? "auth.secondFactor.wrongCode" : "auth.secondFactor.wrongBackupCode"));
  }

  function typeAppCode(value: string) {
    const digits = value.replace(/\D/g, "").slice(0, 6);
    setCode(digits);
    if (digits.length === 6 && digits !== code && !pending) void verify(digits);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void verify(code);
  }

  if (expired) {
    return (
      <div className="grid gap-4">
        <FormAlert>{t("auth.secondFactor.expired")}</FormAlert>
        <Button onClick={onStartAgain}>{t("auth.secondFactor.startAgain")}</Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t(method === "app" ? "auth.secondFactor.appHint" : "auth.secondFactor.backupHint")}</p>
      <FormAlert>{failure}</FormAlert>
      {method === "app" ? (
        <FormField label={t("auth.secondFactor.appCode")}>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => typeAppCode(event.target.value)} />}
        </FormField>
      ) : (
        <FormField label={t("auth.secondFactor.backupCode")}>
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />}
        </FormField>
      )}
      <Button type="submit" disabled={pending || (method === "app" ? code.length !== 6 : code.trim() === "")}>
        {t("auth.secondFactor.submit")}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setMethod(method === "app" ? "backup" : "app");
          setCode("");
          setFailure(undefined);
        }}
      >
        {t(method === "app" ? "auth.secondFactor.useBackup" : "auth.secondFactor.useApp")}
      </Button>
    </form>
  );
}
