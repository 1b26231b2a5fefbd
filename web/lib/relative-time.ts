// How long something has been waiting, in the compact words the lists use ("3d", "5h", "just now", "2d 3h").
import type { TFunction } from "i18next";
import { MINUTE_MS, ageParts, durationParts } from "../../common/durations.ts";

/** The age of something, in its largest whole unit: "just now", "12m", "5h", "3d". */
export function formatAge(elapsedMs: number, t: TFunction): string {
  const part = ageParts(elapsedMs);
  return part ? t(`time.${part.unit}`, { count: part.count }) : t("time.justNow");
}

/** A moment in the past, relative to now: "just now", "5h ago". */
export function formatAgo(elapsedMs: number, t: TFunction): string {
  return elapsedMs < MINUTE_MS ? t("time.justNow") : t("time.ago", { age: formatAge(elapsedMs, t) });
}

/** A length of time in its two largest units, the smaller one left out when it is zero: "2d 3h", "5h 10m", "12m". */
export function formatDuration(durationMs: number, t: TFunction): string {
  const parts = durationParts(durationMs);
  return parts.length === 0 ? t("time.underAMinute") : parts.map((part) => t(`time.${part.unit}`, { count: part.count })).join(" ");
}
