// "Next reminder Tuesday 09:00" under a blocking person's part, in the viewer's time zone: when Holdup's automatic
// nudge (the team's schedule, in the person's working hours) will reach them next. Nothing once none is to come.
import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/web/lib/date-time";
import type { BlockingPart } from "../api/get-dashboard-list";

export function NextReminder({ part }: { part: Pick<BlockingPart, "status" | "nextReminderAt"> }) {
  const { t } = useTranslation();
  if (part.status !== "pending" || !part.nextReminderAt) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="next-reminder">
      <BellRing className="size-3.5 shrink-0" aria-hidden="true" />
      {t("blockers.part.nextReminder", { when: formatDateTime(part.nextReminderAt) })}
    </span>
  );
}
