// "About you": the picture, name, time zone and working hours of /settings/personal.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_WORKING_HOURS, WEEKDAYS, type WorkingHours } from "@/common/profile";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { updateProfile } from "@/web/features/profile/api/update-profile";
import { formErrorsOf } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { AvatarField } from "./avatar-field";
import { SettingsSection } from "./settings-section";

export function AboutYouCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const [fullName, setFullName] = useState(profile?.fullName ?? "");
  const [timezone, setTimezone] = useState(profile?.timezone ?? "UTC");
  const [workingHours, setWorkingHours] = useState<WorkingHours>(profile?.workingHours ?? DEFAULT_WORKING_HOURS);
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(t("settings.personal.saved"));
    },
  });
  const { fields, message: formError } = formErrorsOf(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ fullName, timezone, workingHours });
  }
  return (
    <SettingsSection title={t("settings.personal.aboutYou")} description={t("settings.personal.aboutYouDescription")} contentClassName="grid gap-6">
      <AvatarField />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{formError}</FormAlert>
        <FormField label={t("settings.personal.fullName")} error={fields.fullName?.[0]}>
          {(control) => <Input {...control} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
        </FormField>
        <FormField label={t("settings.personal.timezone")} error={fields.timezone?.[0]} hint={t("settings.personal.timezoneHint")}>
          {(control) => (
            <NativeSelect {...control} value={timezone} onChange={(event) => setTimezone(event.target.value)}>
              {timezoneChoices(timezone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <WorkingHoursFields value={workingHours} onChange={setWorkingHours} errors={fields} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** "Mon", "Tue"… in the browser's language, for ISO day numbers (1 is Monday; 2024-01-01 was a Monday). */
const weekdayName = (day: number, width: "short" | "long") => new Intl.DateTimeFormat(undefined, { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));

/** The days and hours reminders may reach me: a toggle per day, a start and an end. */
function WorkingHoursFields({ value, onChange, errors }: { value: WorkingHours; onChange: (hours: WorkingHours) => void; errors: Record<string, string[]> }) {
  const { t } = useTranslation();
  const toggle = (day: number) => onChange({ ...value, days: value.days.includes(day) ? value.days.filter((d) => d !== day) : [...value.days, day].sort((a, b) => a - b) });
  const daysError = errors["workingHours.days"]?.[0] ?? errors.workingHours?.[0];
  return (
    <fieldset className="grid gap-3" aria-describedby="working-hours-hint">
      <legend className="text-sm leading-none font-medium">{t("settings.personal.workingHours")}</legend>
      <p id="working-hours-hint" className="text-sm text-muted-foreground">
        {t("settings.personal.workingHoursHint")}
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("settings.personal.workingDays")}</legend>
        {WEEKDAYS.map((day) => (
          <label
            key={day}
            className="cursor-pointer rounded-md border px-3 py-1.5 text-sm select-none has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
          >
            <input type="checkbox" className="sr-only" checked={value.days.includes(day)} onChange={() => toggle(day)} aria-label={weekdayName(day, "long")} />
            <span aria-hidden="true">{weekdayName(day, "short")}</span>
          </label>
        ))}
      </fieldset>
      {daysError && <p className="text-sm font-medium text-destructive">{daysError}</p>}
      <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
        <FormField label={t("settings.personal.workingFrom")} error={errors["workingHours.start"]?.[0]}>
          {(control) => <Input {...control} type="time" value={value.start} onChange={(event) => onChange({ ...value, start: event.target.value })} />}
        </FormField>
        <FormField label={t("settings.personal.workingUntil")} error={errors["workingHours.end"]?.[0]}>
          {(control) => <Input {...control} type="time" value={value.end} onChange={(event) => onChange({ ...value, end: event.target.value })} />}
        </FormField>
      </div>
    </fieldset>
  );
}

/** Every time zone the browser knows, with the saved one kept even if the browser does not list it (UTC, say). */
const timezoneChoices = (current: string) => {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
};
