// Two-factor authentication with an authenticator app (better-auth's twoFactor plugin). Setting it up: the password,
// then the QR code (or the key, typed) and the app's first code, then the backup codes. Once on: new backup codes, or
// turning it off, each after the password.
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/web/app/auth-context";
import { FormField } from "@/web/components/form-field";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { authFailureOf } from "@/web/features/auth/auth-error";
import { authClient } from "@/web/lib/auth-client";
import { toast } from "@/web/lib/toast";
import { BackupCodes } from "./backup-codes";
import { PasswordPrompt } from "./password-prompt";
import { QrCode } from "./qr-code";
import { SettingsSection } from "./settings-section";

type Flow = "setup" | "new-codes" | "turn-off" | null;

/** better-auth's client answers { data, error }: the error thrown, as the form shows it. */
async function orThrow<T>(call: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error || data === null) throw new Error(authFailureOf(error).code === "INVALID_PASSWORD" ? "wrong-password" : authFailureOf(error).message);
  return data;
}

export function TwoFactorCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [flow, setFlow] = useState<Flow>(null);
  const enabled = user?.twoFactorEnabled === true;
  return (
    <SettingsSection title={t("settings.personal.twoFactor")} description={t("settings.personal.twoFactorDescription")} badge={<Badge variant={enabled ? "green" : "gray"}>{enabled ? t("settings.personal.twoFactorOn") : t("settings.personal.twoFactorOff")}</Badge>} contentClassName="flex flex-wrap justify-end gap-2">
      {enabled ? (
        <>
          <Button variant="outline" onClick={() => setFlow("new-codes")}>
            {t("settings.personal.backupCodesNew")}
          </Button>
          <Button variant="outline" onClick={() => setFlow("turn-off")}>
            {t("settings.personal.twoFactorTurnOff")}
          </Button>
        </>
      ) : (
        <Button onClick={() => setFlow("setup")}>
          <ShieldCheck aria-hidden="true" />
          {t("settings.personal.twoFactorSetUp")}
        </Button>
      )}
      <Dialog open={flow !== null} onOpenChange={(open) => !open && setFlow(null)}>
      <DialogContent>
        {flow === "setup" && <SetUp onDone={() => setFlow(null)} />}
        {flow === "new-codes" && <NewBackupCodes onDone={() => setFlow(null)} />}
        {flow === "turn-off" && <TurnOff onDone={() => setFlow(null)} />}
      </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}

function useWrongPasswordText() {
  const { t } = useTranslation();
  return (error: Error | null) => (error ? (error.message === "wrong-password" ? t("settings.personal.passwordWrong") : error.message) : undefined);
}

function SetUp({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useWrongPasswordText();
  const [code, setCode] = useState("");
  const start = useMutation({ mutationFn: (password: string) => orThrow(authClient.twoFactor.enable({ password })) });
  const confirm = useMutation({ mutationFn: (digits: string) => orThrow(authClient.twoFactor.verifyTotp({ code: digits })) });
  const setup = start.data && "totpURI" in start.data ? start.data : undefined;
  const key = setup ? (new URL(setup.totpURI).searchParams.get("secret") ?? "") : "";

  function submitCode(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code);
  }

  if (confirm.isSuccess && setup) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t("settings.personal.twoFactorDoneTitle")}</DialogTitle>
          <DialogDescription>{t("settings.personal.twoFactorDoneDescription")}</DialogDescription>
        </DialogHeader>
        <BackupCodes codes={setup.backupCodes} />
        <div className="flex justify-end">
          <Button onClick={onDone}>{t("settings.personal.backupCodesSaved")}</Button>
        </div>
      </>
    );
  }
  if (setup) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t("settings.personal.twoFactorScanTitle")}</DialogTitle>
          <DialogDescription>{t("settings.personal.twoFactorScanDescription")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3">
          <QrCode text={setup.totpURI} label={t("settings.personal.twoFactorQr")} className="size-44 rounded-md border" />
          <p className="text-center text-sm text-muted-foreground">
            {t("settings.personal.twoFactorKey")}{" "}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground break-all" data-testid="authenticator-key">
              {key.replace(/(.{4})/g, "$1 ").trim()}
            </code>
          </p>
        </div>
        <form onSubmit={submitCode} noValidate className="grid gap-4">
          <FormField label={t("settings.personal.twoFactorCode")} error={confirm.error ? t("settings.personal.twoFactorWrongCode") : undefined}>
            {(control) => (
              <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))} />
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
              {t("settings.personal.twoFactorConfirm")}
            </Button>
          </div>
        </form>
      </>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("settings.personal.twoFactorSetUp")}</DialogTitle>
        <DialogDescription>{t("settings.personal.twoFactorPasswordFirst")}</DialogDescription>
      </DialogHeader>
      <PasswordPrompt submitLabel={t("common.continue")} pending={start.isPending} error={errorText(start.error)} onSubmit={(password) => start.mutate(password)} />
    </>
  );
}

function NewBackupCodes({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useWrongPasswordText();
  const generate = useMutation({ mutationFn: (password: string) => orThrow(authClient.twoFactor.generateBackupCodes({ password })) });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("settings.personal.backupCodesNew")}</DialogTitle>
        <DialogDescription>{generate.data ? t("settings.personal.backupCodesReplaced") : t("settings.personal.backupCodesNewDescription")}</DialogDescription>
      </DialogHeader>
      {generate.data ? (
        <>
          <BackupCodes codes={generate.data.backupCodes} />
          <div className="flex justify-end">
            <Button onClick={onDone}>{t("settings.personal.backupCodesSaved")}</Button>
          </div>
        </>
      ) : (
        <PasswordPrompt submitLabel={t("settings.personal.backupCodesGenerate")} pending={generate.isPending} error={errorText(generate.error)} onSubmit={(password) => generate.mutate(password)} />
      )}
    </>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useWrongPasswordText();
  const turnOff = useMutation({
    mutationFn: (password: string) => orThrow(authClient.twoFactor.disable({ password })),
    onSuccess: () => {
      toast.success(t("settings.personal.twoFactorTurnedOff"));
      onDone();
    },
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("settings.personal.twoFactorTurnOff")}</DialogTitle>
        <DialogDescription>{t("settings.personal.twoFactorTurnOffDescription")}</DialogDescription>
      </DialogHeader>
      <PasswordPrompt destructive submitLabel={t("settings.personal.twoFactorTurnOff")} pending={turnOff.isPending} error={errorText(turnOff.error)} onSubmit={(password) => turnOff.mutate(password)} />
    </>
  );
}
