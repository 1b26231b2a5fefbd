// The blocker vocabulary and limits, shared by the server and the web app. No zod here: the pages that only show
// blockers import these without the validation library (the rules are in blockers.ts, which re-exports these).

export const blockerPriorities = ["low", "normal", "high", "urgent"] as const;
export const blockerStatuses = ["open", "resolved", "cancelled"] as const;
/** Where a blocker was logged from (DESIGN.md §2's `source`); the reports filter by it. */
export const blockerSources = ["web", "slack", "email", "api", "tray", "github"] as const;
export type BlockerSource = (typeof blockerSources)[number];
/**
 * A blocking person's part. `released`: the blocker ended (resolved or cancelled) while this part was still
 * pending, so it no longer counts as waiting on them (docs/decisions/010-released-blocking-entries.md).
 */
export const blockingStatuses = ["pending", "done", "declined", "released"] as const;
export const blockerEventTypes = [
  "created",
  "commented",
  "nudged",
  "auto_nudged",
  "snoozed",
  "declined",
  "done",
  "resolved",
  "cancelled",
  "reopened",
  "person_added",
  "person_removed",
  /** A blocking person left the team (or was removed from it): their pending part was released. */
  "person_left",
  /** Its details changed; the payload lists each change, `{ changes: { title: { from, to }, … } }`. */
  "edited",
  /** The team's owners and admins were told a blocking person had not answered many automatic nudges. */
  "escalated",
  /** Its actor took back their last change, moments after (`payload.type`: done, snoozed, declined, resolved or cancelled). */
  "undone",
] as const;
/** `escalated`: to a team's owners and admins, after a person needed the schedule's number of automatic nudges. */
export const notificationTypes = ["blocker_assigned", "nudged", "done", "declined", "resolved", "commented", "reopened", "person_left", "escalated"] as const;

export type BlockerPriority = (typeof blockerPriorities)[number];
export type BlockerStatus = (typeof blockerStatuses)[number];
export type BlockingStatus = (typeof blockingStatuses)[number];
export type BlockerEventType = (typeof blockerEventTypes)[number];
export type NotificationType = (typeof notificationTypes)[number];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 5000;
export const DECLINE_REASON_MAX = 1000;
/** One manual nudge per blocker and blocking person per hour. */
export const MANUAL_NUDGE_INTERVAL_MS = 60 * 60 * 1000;
/** The Free plan's daily limit of blockers created per member. */
export const FREE_BLOCKERS_PER_DAY = 3;
export const BLOCKING_EMAILS_MAX = 5;

export const editableBlockerFields = ["title", "description", "linkUrl", "priority", "dueAt"] as const;
export type EditableBlockerField = (typeof editableBlockerFields)[number];

export const teamBoardSorts = ["age", "priority", "due"] as const;
export type TeamBoardSort = (typeof teamBoardSorts)[number];

/** The snooze menu's choices (when each ends: common/snooze.ts). */
export const snoozeChoices = ["later-today", "tomorrow", "next-week"] as const;
export type SnoozeChoice = (typeof snoozeChoices)[number];

/**
 * The orders a dashboard column can take; each person's choice is kept with their profile. `priority`: the most
 * urgent first, then the soonest due, then the longest waiting (decision 049).
 */
export const dashboardOrders = ["priority", "due", "oldest", "newest"] as const;
export type DashboardOrder = (typeof dashboardOrders)[number];

/** The changes their author may take back from the toast that confirms them (issue #27, decision 049). */
export const undoableChanges = ["done", "snoozed", "declined", "resolved", "cancelled"] as const;
export type UndoableChange = (typeof undoableChanges)[number];
/** How long after a change it may be undone: the toast's 8 seconds, with room for a slow network. */
export const UNDO_WINDOW_MS = 60_000;
