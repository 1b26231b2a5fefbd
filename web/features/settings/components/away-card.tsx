// "Away until" a date: my reminders wait until my first working day back, and teammates see "Away until 2 Dec"
// beside my name wherever they pick or see me.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AWAY_MAX_DAYS } from "@/common/profile";
import { useAuth } from "@/web/app/auth-context";
import { AwayBadge } from "@/web/components/away-badge";
import { FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { updateProfile } from "@/web/features/profile/api/update-profile";
import type { ApiError } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { SettingsSection } from "./settings-section";

const dateInput = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

export function AwayCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const [date, setDate] = useState(profile?.awayUntil ?? "");
  const [today] = useState(() => new Date());
  const save = useMutation({
    mutationFn: (awayUntil: string | null) => updateProfile({ awayUntil }),
    onSuccess: async (_profile, awayUntil) => {
      if (awayUntil === null) setDate("");
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(awayUntil ? t("settings.personal.awaySaved") : t("settings.personal.awayCleared"));
    },
  });
  const error = (save.error as ApiError | null)?.fields.awayUntil?.[0] ?? save.error?.message;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(date || null);
  }
  return (
    <SettingsSection title={t("settings.personal.away")} description={t("settings.personal.awayDescription")} badge={<AwayBadge awayUntil={profile?.awayUntil} />}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md">
        <FormField label={t("settings.personal.awayUntil")} error={error}>
          {(control) => (
            <Input {...control} type="date" min={dateInput(today)} max={dateInput(new Date(today.getTime() + AWAY_MAX_DAYS * 86_400_000))} value={date} onChange={(event) => setDate(event.target.value)} />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {profile?.awayUntil && (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {t("settings.personal.awayClear")}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending || !date}>
            {t("settings.personal.awaySave")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
