// The team's schedule of automatic reminders, in /organization/tools: owners and admins change it (it applies to the
// team's open blockers at once), members read it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ReminderSchedule } from "@/common/reminders";
import { CheckboxWithHint } from "@/web/components/checkbox-with-hint";
import { FormAlert, FormField } from "@/web/components/form-field";
import { QueryError } from "@/web/components/query-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formErrorsOf } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { changeSchedule, scheduleKeys, scheduleQueryOptions, type TeamSchedule } from "../api/schedule";
import { DeliveryHealth } from "./delivery-health";

type HoursField = Exclude<keyof ReminderSchedule, "paused" | "escalateAfter">;
/** The form's rows: each a sentence with its number in it. */
const rows: { field: HoursField | "escalateAfter"; unit: "workingHours" | "hours" | "reminders" }[] = [
  { field: "firstAfterHours", unit: "workingHours" },
  { field: "repeatEveryHours", unit: "workingHours" },
  { field: "urgentFirstAfterHours", unit: "workingHours" },
  { field: "urgentRepeatEveryHours", unit: "workingHours" },
  { field: "dueSoonWithinHours", unit: "hours" },
  { field: "dueSoonRepeatEveryHours", unit: "hours" },
  { field: "escalateAfter", unit: "reminders" },
];

export function RemindersSection() {
  const { t } = useTranslation();
  const schedule = useQuery(scheduleQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t("reminders.title")}</h2>
          {schedule.data?.schedule.paused && <Badge variant="amber">{t("reminders.pausedBadge")}</Badge>}
        </CardTitle>
        <CardDescription>{t("reminders.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {schedule.isPending ? (
          <Skeleton className="h-64 w-full" aria-hidden="true" />
        ) : schedule.isError ? (
          <QueryError error={schedule.error} onRetry={() => void schedule.refetch()} />
        ) : (
          <>
            <ScheduleForm key={JSON.stringify(schedule.data.schedule)} current={schedule.data} />
            {schedule.data.canEdit && <DeliveryHealth />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleForm({ current }: { current: TeamSchedule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Numbers as typed (text), so a half-typed field is not turned into 0 while someone edits it.
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(rows.map(({ field }) => [field, String(current.schedule[field])])));
  const [paused, setPaused] = useState(current.schedule.paused);
  const save = useMutation({
    mutationFn: changeSchedule,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      toast.success(t("reminders.saved"));
    },
  });
  const { fields, message: formError } = formErrorsOf(save.error);
  const readOnly = !current.canEdit;

  function submit(event: FormEvent) {
    event.preventDefault();
    const numbers = Object.fromEntries(rows.map(({ field }) => [field, values[field]?.trim() === "" ? Number.NaN : Number(values[field])]));
    save.mutate({ ...(numbers as Omit<ReminderSchedule, "paused">), paused });
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {readOnly && <p className="text-sm text-muted-foreground">{t("reminders.readOnly")}</p>}
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        {rows.map(({ field, unit }) => (
          <FormField key={field} label={t(`reminders.fields.${field}`)} hint={t(`reminders.units.${unit}`)} error={fields[field]?.[0]}>
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={1} step={1} disabled={readOnly} value={values[field] ?? ""} onChange={(event) => setValues({ ...values, [field]: event.target.value })} />
            )}
          </FormField>
        ))}
      </div>
      <CheckboxWithHint label={t("reminders.pause")} hint={t("reminders.pauseHint")} checked={paused} disabled={readOnly} onChange={setPaused} />
      {!readOnly && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </div>
      )}
    </form>
  );
}
