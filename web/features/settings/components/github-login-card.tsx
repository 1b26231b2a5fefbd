// "GitHub login", in /settings/personal: who I am in a `/holdup waiting on @login` comment on a pull request or an
// issue. Checked as GitHub checks logins; one a teammate linked already is refused.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/web/app/auth-context";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { updateProfile } from "@/web/features/profile/api/update-profile";
import { SettingsSection } from "./settings-section";
import { formErrorsOf } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";

export function GithubLoginCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const [login, setLogin] = useState(profile?.githubLogin ?? "");
  const save = useMutation({
    mutationFn: (githubLogin: string | null) => updateProfile({ githubLogin }),
    onSuccess: async (saved) => {
      setLogin(saved.githubLogin ?? "");
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(saved.githubLogin ? t("github.login.saved", { login: saved.githubLogin }) : t("github.login.cleared"));
    },
  });
  const { fields, message } = formErrorsOf(save.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(login.trim() === "" ? null : login);
  }
  return (
    <SettingsSection title={t("github.login.title")} description={t("github.login.description")}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md">
        <FormField label={t("github.login.label")} error={fields.githubLogin?.[0] ?? message} hint={t("github.login.hint")}>
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} placeholder="octocat" value={login} onChange={(event) => setLogin(event.target.value)} />}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t("github.login.save")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
