// What every message about a blocker says of it besides its title (issue #27): its priority, how long it has waited,
// its due date, and the first lines of its description — in the e-mails and in Slack, written the same way.
import type { BlockerPriority } from "../../common/blocker-values.ts";
import { formatWait, formatWhen } from "../../common/moments.ts";

const priorityWords: Record<BlockerPriority, string> = { urgent: "Urgent", high: "High priority", normal: "Normal priority", low: "Low priority" };

/** How much of the description a message quotes: its first three lines, at most this many characters. */
const EXCERPT_LINES = 3;
const EXCERPT_CHARACTERS = 240;

export type BlockerFacts = { priority: BlockerPriority; createdAt: Date; dueAt: Date | null; description: string | null };

/** "Urgent · waiting 3 days · due Tue 09:00" (or "overdue since …"), in the reader's time zone. */
export function blockerDetails(blocker: BlockerFacts, now: Date, timeZone: string): string {
  const due = blocker.dueAt ? [`${blocker.dueAt <= now ? "overdue since" : "due"} ${formatWhen(blocker.dueAt, now, { locale: "en-GB", timeZone })}`] : [];
  return [priorityWords[blocker.priority], `waiting ${formatWait(blocker.createdAt, now)}`, ...due].join(" · ");
}

/** The description's first lines, on one line, cut with an ellipsis when there is more; undefined when there is none. */
export function descriptionExcerpt(description: string | null): string | undefined {
  const lines = (description ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return undefined;
  const joined = lines.slice(0, EXCERPT_LINES).join(" ");
  const more = lines.length > EXCERPT_LINES || joined.length > EXCERPT_CHARACTERS;
  return more ? `${joined.slice(0, EXCERPT_CHARACTERS).trimEnd()}…` : joined;
}
