// How long something has been waiting, in the compact words the lists use ("3d", "5h", "just now", "2d 3h").
import type { TFunction } from "i18next";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The age of something, in its largest whole unit: "just now", "12m", "5h", "3d". */
export function formatAge(elapsedMs: number, t: TFunction): string {
  if (elapsedMs < MINUTE_MS) return t("time.justNow");
  if (elapsedMs < HOUR_MS) return t("time.minutes", { count: Math.floor(elapsedMs / MINUTE_MS) });
  if (elapsedMs < DAY_MS) return t("time.hours", { count: Math.floor(elapsedMs / HOUR_MS) });
  return t("time.days", { count: Math.floor(elapsedMs / DAY_MS) });
}

/** A moment in the past, relative to now: "just now", "5h ago". */
export function formatAgo(elapsedMs: number, t: TFunction): string {
  return elapsedMs < MINUTE_MS ? t("time.justNow") : t("time.ago", { age: formatAge(elapsedMs, t) });
}

/** A length of time in its two largest units, the smaller one left out when it is zero: "2d 3h", "5h 10m", "12m". */
export function formatDuration(durationMs: number, t: TFunction): string {
  if (durationMs < MINUTE_MS) return t("time.underAMinute");
  const days = Math.floor(durationMs / DAY_MS);
  const hours = Math.floor((durationMs % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((durationMs % HOUR_MS) / MINUTE_MS);
  const parts =
    days > 0
      ? [t("time.days", { count: days }), hours > 0 ? t("time.hours", { count: hours }) : null]
      : hours > 0
        ? [t("time.hours", { count: hours }), minutes > 0 ? t("time.minutes", { count: minutes }) : null]
        : [t("time.minutes", { count: minutes })];
  return parts.filter((part) => part !== null).join(" ");
}
