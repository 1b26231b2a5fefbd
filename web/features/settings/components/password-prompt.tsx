// "Enter your password to continue": the first step of anything that changes how one signs in.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";

export function PasswordPrompt({ submitLabel, pending, error, onSubmit, destructive = false }: { submitLabel: string; pending: boolean; error?: string; onSubmit: (password: string) => void; destructive?: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(password);
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={t("settings.personal.passwordCurrent")} error={error}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending || !password}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
