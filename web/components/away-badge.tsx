// "Away until 2 Dec" beside someone's name, wherever teammates pick or see them, while that date has not passed.
import { Palmtree } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

/** Today's date where the viewer is, as YYYY-MM-DD: a date-only "away until" is compared with it as text. */
const todayHere = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/** "2 Dec": day then month, as the product writes it, in the interface's language. */
export function formatAwayDate(date: string) {
  const moment = new Date(`${date}T12:00:00Z`);
  const month = new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" }).format(moment);
  return `${moment.getUTCDate()} ${month}`;
}

export const isAway = (awayUntil: string | null | undefined, now = new Date()) => typeof awayUntil === "string" && awayUntil >= todayHere(now);

export function AwayBadge({ awayUntil, className }: { awayUntil: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!isAway(awayUntil) || !awayUntil) return null;
  return (
    <Badge variant="amber" className={cn("shrink-0", className)}>
      <Palmtree aria-hidden="true" />
      {t("people.awayUntil", { date: formatAwayDate(awayUntil) })}
    </Badge>
  );
}
