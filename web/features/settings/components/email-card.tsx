// The account's e-mail address: changing it asks for the password, then sends a link to the new address; the address
// changes when that link is opened (it brings the person back here with ?email=changed).
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { formErrorsOf } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { changeEmail } from "../api/account";
import { SettingsSection } from "./settings-section";

export function EmailCard() {
  const { t } = useTranslation();
  const { user, refreshUser } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const change = useMutation({ mutationFn: changeEmail, onSuccess: () => setPassword("") });
  const { fields, message: formError } = formErrorsOf(change.error);

  // Back from the link in the e-mail: the account has its new address.
  const justChanged = searchParams.get("email") === "changed";
  useEffect(() => {
    if (!justChanged) return;
    void refreshUser().then(() => toast.success(t("settings.personal.emailChanged")));
    setSearchParams((params) => {
      params.delete("email");
      return params;
    }, { replace: true });
  }, [justChanged, refreshUser, setSearchParams, t]);

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ newEmail: newEmail.trim(), password });
  }

  return (
    <SettingsSection title={t("settings.personal.email")} description={t("settings.personal.emailDescription")} contentClassName="grid gap-4">
      <p className="text-sm">
        <span className="text-muted-foreground">{t("settings.personal.emailCurrent")} </span>
        <span className="font-medium" data-testid="current-email">
          {user?.email}
        </span>
      </p>
      {change.isSuccess ? (
        <output className="block rounded-md border bg-muted/40 px-3 py-2 text-sm">{t("settings.personal.emailLinkSent", { email: change.data.sentTo })}</output>
      ) : editing ? (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md">
          <FormAlert>{formError}</FormAlert>
          <FormField label={t("settings.personal.emailNew")} error={fields.newEmail?.[0]}>
            {(control) => <Input {...control} type="email" autoComplete="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />}
          </FormField>
          <FormField label={t("settings.personal.passwordCurrent")} error={fields.password?.[0]}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={change.isPending || !newEmail.trim() || !password}>
              {t("settings.personal.emailSend")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => setEditing(true)}>
            {t("settings.personal.emailChange")}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
