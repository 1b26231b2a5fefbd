// Changing the password (better-auth's /change-password: the current one first, the new one checked for strength),
// signing out the other devices at the same time unless the person says not to.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "@/common/auth-rules";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { authFailureOf, type AuthFailure } from "@/web/features/auth/auth-error";
import { WeakPasswordReasons } from "@/web/features/auth/components/weak-password-reasons";
import { authClient } from "@/web/lib/auth-client";
import { toast } from "@/web/lib/toast";
import { accountKeys } from "../api/account";
import { SettingsSection } from "./settings-section";

export function PasswordCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [signOutOthers, setSignOutOthers] = useState(true);
  const change = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: signOutOthers });
      if (error) throw authFailureOf(error);
    },
    onSuccess: async () => {
      setCurrentPassword("");
      setNewPassword("");
      toast.success(signOutOthers ? t("settings.personal.passwordChangedSignedOut") : t("settings.personal.passwordChanged"));
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
  const failure = change.error as AuthFailure | null;
  const wrongCurrent = failure?.code === "INVALID_PASSWORD";

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }

  return (
    <SettingsSection title={t("settings.personal.password")} description={t("settings.personal.passwordDescription")}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md">
        <FormAlert>{failure && !wrongCurrent && failure.weakPasswordReasons.length === 0 ? failure.message : undefined}</FormAlert>
        <FormField label={t("settings.personal.passwordCurrent")} error={wrongCurrent ? t("settings.personal.passwordWrong") : undefined}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />}
        </FormField>
        <FormField label={t("settings.personal.passwordNew")} hint={t("settings.personal.passwordNewHint", { count: PASSWORD_MIN_LENGTH })}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />}
        </FormField>
        <WeakPasswordReasons reasons={failure?.weakPasswordReasons ?? []} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={signOutOthers} onChange={(event) => setSignOutOthers(event.target.checked)} />
          {t("settings.personal.passwordSignOutOthers")}
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending || !currentPassword || !newPassword}>
            {t("settings.personal.passwordSubmit")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
