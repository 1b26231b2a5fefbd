// How long something lasted or has waited, in whole units: the one rule the web app (in the reader's language),
// Slack's messages and the e-mails ("3d", "5h 10m") all follow.

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type DurationPart = { unit: "minutes" | "hours" | "days"; count: number };

/** An age in its largest whole unit ("12m", "5h", "3d"); null under a minute ("just now"). */
export function ageParts(elapsedMs: number): DurationPart | null {
  if (elapsedMs < MINUTE_MS) return null;
  if (elapsedMs < HOUR_MS) return { unit: "minutes", count: Math.floor(elapsedMs / MINUTE_MS) };
  if (elapsedMs < DAY_MS) return { unit: "hours", count: Math.floor(elapsedMs / HOUR_MS) };
  return { unit: "days", count: Math.floor(elapsedMs / DAY_MS) };
}

/** A length of time in its two largest units, the smaller left out when zero ("2d 3h", "5h 10m", "12m"); empty under a minute. */
export function durationParts(durationMs: number): DurationPart[] {
  if (durationMs < MINUTE_MS) return [];
  const days = Math.floor(durationMs / DAY_MS);
  const hours = Math.floor((durationMs % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((durationMs % HOUR_MS) / MINUTE_MS);
  const parts: DurationPart[] =
    days > 0
      ? [{ unit: "days", count: days }, { unit: "hours", count: hours }]
      : hours > 0
        ? [{ unit: "hours", count: hours }, { unit: "minutes", count: minutes }]
        : [{ unit: "minutes", count: minutes }];
  return parts.filter((part, index) => index === 0 || part.count > 0);
}

/** The compact English of Slack's messages and the e-mails: "3d", "5h 10m", "just now". */
export const compactAge = (elapsedMs: number) => {
  const part = ageParts(elapsedMs);
  return part ? compactPart(part) : "just now";
};
export const compactDuration = (durationMs: number) => durationParts(durationMs).map(compactPart).join(" ") || "under a minute";
const compactPart = (part: DurationPart) => `${part.count}${part.unit[0]}`;
