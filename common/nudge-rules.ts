// When someone waiting may nudge a blocking person by hand (DESIGN.md §4, decision 049): once an hour per blocker and
// person, and not while that person has snoozed it — the snooze is their answer "not before then". One rule for the
// server, which refuses, and for every client that offers the button (the web app, the tray, the extension).
import { MANUAL_NUDGE_INTERVAL_MS } from "./blocker-values.ts";

type Stamp = Date | string | null;
const timeOf = (stamp: Stamp) => (stamp === null ? null : typeof stamp === "string" ? Date.parse(stamp) : stamp.getTime());

/** The first moment (epoch ms) a nudge is allowed again; null when it is allowed now. */
export function nextNudgeTime(part: { lastNudgedAt: Stamp; snoozedUntil: Stamp }, now: number): number | null {
  const lastNudged = timeOf(part.lastNudgedAt);
  const next = Math.max(lastNudged === null ? 0 : lastNudged + MANUAL_NUDGE_INTERVAL_MS, timeOf(part.snoozedUntil) ?? 0);
  return next > now ? next : null;
}

/** Whether the part is snoozed at `now` (a snooze counts only while the part is pending). */
export const isSnoozedAt = (part: { status: string; snoozedUntil: Stamp }, now: number) => part.status === "pending" && (timeOf(part.snoozedUntil) ?? 0) > now;
