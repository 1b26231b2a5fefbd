// The blocker input rules, shared by the server (which enforces them) and the web forms; the vocabulary and limits
// are in blocker-values.ts (no zod: pages that only show blockers import those), re-exported here.
import { z } from "zod";
import { typedText } from "./profile.ts";
import { emailSchema } from "./auth-rules.ts";
import { BLOCKING_EMAILS_MAX, blockerPriorities, snoozeChoices, undoableChanges, COMMENT_MAX, DECLINE_REASON_MAX, DESCRIPTION_MAX, TITLE_MAX, teamBoardSorts } from "./blocker-values.ts";

export * from "./blocker-values.ts";

export const profileIdSchema = z.uuid("Not a valid person");
export const blockerIdSchema = z.uuid("Not a valid blocker");

const linkSchema = z
  .string()
  .trim()
  .max(2000, "Use at most 2,000 characters")
  .refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "Use a link starting with http:// or https://");

/**
 * The dates Holdup takes, in UTC: from the Unix epoch to the last day of the year 9999. JavaScript writes a later
 * date as "+010000-…", which PostgreSQL cannot read; PostgreSQL has no year 0. Nothing in Holdup happened before
 * 1970 (docs/decisions/017-hostile-input.md).
 */
export const DATE_RANGE = { earliest: "1970-01-01", latest: "9999-12-31" } as const;
export const DATE_RANGE_MESSAGE = "Use a date between 1970 and 9999";
const EARLIEST_TIME = Date.parse(`${DATE_RANGE.earliest}T00:00:00Z`);
const END_OF_RANGE_TIME = Date.parse(`${DATE_RANGE.latest}T23:59:59.999Z`);

/** Whether a moment falls within DATE_RANGE (what PostgreSQL and an ISO string hold alike). */
export const withinDateRange = (moment: Date) => moment.getTime() >= EARLIEST_TIME && moment.getTime() <= END_OF_RANGE_TIME;

/** A date and time with its offset, within DATE_RANGE once in UTC ("9999-12-31T23:00-12:00" is in the year 10000). */
const dateTimeSchema = z.iso.datetime({ offset: true, message: "Use a date and time" }).refine((value) => {
  const time = Date.parse(value);
  // Not a date at all: the format's message says so, alone.
  return Number.isNaN(time) || (time >= EARLIEST_TIME && time <= END_OF_RANGE_TIME);
}, DATE_RANGE_MESSAGE);

/** A calendar day (2026-01-31) within DATE_RANGE: the fixed-width form compares as text. */
export const calendarDateSchema = z.iso
  .date({ message: "Use a date like 2026-01-31" })
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || (value >= DATE_RANGE.earliest && value <= DATE_RANGE.latest), DATE_RANGE_MESSAGE);

/** The due date, as the form sends it; "not in the past" is checked by the server against its own clock. */
const dueAtSchema = dateTimeSchema;

/** What a blocker says, apart from its people: the fields its creator writes at /add and may edit later. */
const titleSchema = typedText().trim().min(1, "Say what you are waiting for").max(TITLE_MAX, `Use at most ${TITLE_MAX} characters`);
const descriptionSchema = typedText().trim().max(DESCRIPTION_MAX, `Use at most ${DESCRIPTION_MAX.toLocaleString("en")} characters`);
const prioritySchema = z.enum(blockerPriorities);

/** A new blocker's fields, before the rules on its people (createBlockerSchema). */
export const blockerFieldsSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.optional(),
  linkUrl: linkSchema.optional(),
  priority: prioritySchema.default("normal"),
  dueAt: dueAtSchema.optional(),
  blockingProfileIds: z.array(profileIdSchema).max(20, "Choose at most 20 people").default([]),
  /** People outside the team, named by e-mail: each gets an invitation, and the blocker waits on them once they join. */
  blockingEmails: z.array(emailSchema).max(BLOCKING_EMAILS_MAX, `Invite at most ${BLOCKING_EMAILS_MAX} people at once`).default([]),
  alsoBlockedProfileIds: z.array(profileIdSchema).max(20, "Choose at most 20 people").default([]),
});

type PeopleOfNewBlocker = { blockingProfileIds: string[]; blockingEmails?: string[]; alsoBlockedProfileIds: string[] };

/** Someone to wait on, and nobody both waiting and waited on. */
export const withPeopleRules = <Schema extends z.ZodType<PeopleOfNewBlocker>>(schema: Schema) =>
  schema
    .refine((input) => input.blockingProfileIds.length + (input.blockingEmails?.length ?? 0) > 0, {
      path: ["blockingProfileIds"],
      message: "Choose at least one person you are waiting on",
    })
    .refine((input) => !input.blockingProfileIds.some((id) => input.alsoBlockedProfileIds.includes(id)), {
      path: ["alsoBlockedProfileIds"],
      message: "Someone cannot be both waiting and waited on",
    });

export const createBlockerSchema = withPeopleRules(blockerFieldsSchema);
export type CreateBlockerInput = z.input<typeof createBlockerSchema>;

/**
 * An edit of a blocker's details (PATCH /api/blockers/{id}): only the fields sent change; null clears an optional
 * one (so does an empty description). The people have their own routes.
 */
export const editBlockerSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  linkUrl: linkSchema.nullable().optional(),
  priority: prioritySchema.optional(),
  dueAt: dueAtSchema.nullable().optional(),
});
export type EditBlockerInput = z.input<typeof editBlockerSchema>;
/** The details an edit can change, in the order the timeline lists them. */

export const commentSchema = z.object({ body: typedText().trim().min(1, "Write a comment").max(COMMENT_MAX, `Use at most ${COMMENT_MAX.toLocaleString("en")} characters`) });
export const declineSchema = z.object({
  reason: typedText().trim().min(1, "Say why, so they know where to go next").max(DECLINE_REASON_MAX, `Use at most ${DECLINE_REASON_MAX} characters`),
  suggestedProfileId: profileIdSchema.optional(),
});
/**
 * A snooze: one of the menu's choices, a day, or an exact time (the API, e-mail links, Slack) — exactly one. Wherever
 * it would end, it ends inside the snoozer's working hours (common/snooze.ts).
 */
export const snoozeSchema = z
  .object({ choice: z.enum(snoozeChoices).optional(), on: calendarDateSchema.optional(), until: dueAtSchema.optional() })
  .superRefine((value, context) => {
    const given = [value.choice, value.on, value.until].filter((field) => field !== undefined).length;
    if (given !== 1) context.addIssue({ code: "custom", path: ["until"], message: given === 0 ? "Choose when the snooze ends" : "Choose one of choice, on and until" });
  });
export type SnoozeInput = z.input<typeof snoozeSchema>;
export const nudgeSchema = z.object({ profileId: profileIdSchema });
/** Undo: the change taken back, which must be the viewer's own and the blocker's latest. */
export const undoSchema = z.object({ change: z.enum(undoableChanges) });
export const personChangeSchema = z.object({ profileId: profileIdSchema, role: z.enum(["blocking", "waiting"]) });
export const resolvedFiltersSchema = z.object({
  person: profileIdSchema.optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});
export const resolvedFilterNames = ["person", "from", "to"] as const;

/** /resolved's filters as its address holds them, each one that is not valid left out (the page and its server render). */
export function resolvedFiltersOf(searchParams: URLSearchParams): z.input<typeof resolvedFiltersSchema> {
  const filters: z.input<typeof resolvedFiltersSchema> = {};
  for (const name of resolvedFilterNames) {
    const parsed = resolvedFiltersSchema.shape[name].safeParse(searchParams.get(name) ?? undefined);
    if (parsed.success && parsed.data) filters[name] = parsed.data;
  }
  return filters;
}

/** A page of a dashboard column: the cursor is the previous page's `nextCursor`, opaque to the client. */
export const dashboardPageQuerySchema = z.object({ cursor: z.string().max(300, "Not a valid list position").optional() });

/** The team board (`/dashboard?view=team`): its order and filters, as the URL keeps them. */
export const teamBoardQuerySchema = z.object({
  sort: z.enum(teamBoardSorts).default("age"),
  person: profileIdSchema.optional(),
  priority: z.enum(blockerPriorities).optional(),
});
