import { z } from "zod";

/**
 * A lone UTF-16 surrogate: half of an emoji, no character at all in UTF-8 (a json column refuses it with an error,
 * a text column silently turns it into "�"). A whole emoji is two surrogates together, one code point, which the
 * `u` flag does not match.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether PostgreSQL can store this text as it is: no NUL, no lone surrogate. */
export const isStorableText = (text: string) => !text.includes("\u0000") && !LONE_SURROGATE.test(text);
export const UNSTORABLE_TEXT_MESSAGE = "Contains a character that is not allowed";

/** Text a person typed: what PostgreSQL cannot store (NUL, lone surrogates) is refused up front, with the field named. */
export const typedText = (options?: { missing: string }) =>
  z.string(options ? { error: (issue) => (issue.input === undefined ? options.missing : "Must be text") } : undefined).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** The ids better-auth generates (letters, digits, - and _). */
export const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a valid id");

export const FULL_NAME_MAX = 100;
export const fullNameSchema = typedText().trim().min(1, "Enter your name").max(FULL_NAME_MAX, `Use at most ${FULL_NAME_MAX} characters`);
/** The name an account is created with: may be empty, since the sign-up form sends none (onboarding asks for it). */
export const signUpNameSchema = typedText().trim().max(FULL_NAME_MAX, `Use at most ${FULL_NAME_MAX} characters`);

/**
 * A person's or a team's picture: none, until Holdup can store uploads of its own. Any link would be shown to
 * teammates as an image, a tracking pixel at best (docs/decisions/017-hostile-input.md).
 */
export const pictureSchema = z.null("Pictures cannot be set yet");

/** An IANA time zone the runtime knows ("Europe/Paris"); reminders are timed in it. */
export const timezoneSchema = z.string().refine((zone) => {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}, "Unknown time zone");

/** Days of the week as ISO 8601 numbers them: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 09:00");

/**
 * When reminders may reach a person (DESIGN.md §4), in their own time zone: the days, and one span of hours in
 * each, ending the same day (a night shift is two spans, which Holdup does not offer yet).
 */
export const workingHoursSchema = z
  .object({
    days: z
      .array(z.int("Choose days of the week").min(1, "Choose days of the week").max(7, "Choose days of the week"))
      .min(1, "Choose at least one day")
      .max(7, "Choose each day once")
      .refine((days) => new Set(days).size === days.length, "Choose each day once"),
    start: timeOfDaySchema,
    end: timeOfDaySchema,
  })
  .refine((hours) => hours.start < hours.end, { path: ["end"], message: "End after the start" });
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export const DEFAULT_WORKING_HOURS: WorkingHours = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };

/** "Away until" a date (inclusive, in the person's own time zone), or null: back. At most a year ahead. */
export const awayUntilSchema = z.iso.date("Use a date like 2026-12-02").nullable();
export const AWAY_MAX_DAYS = 366;

export const teamNameSchema = typedText().trim().min(2, "Use at least 2 characters").max(80, "Use at most 80 characters");
/** A team's address-friendly name: onboarding makes one from the team name (at most 47 characters). */
export const teamSlugSchema = z.string().regex(/^[a-z0-9-]{1,60}$/, "Use at most 60 lowercase letters, digits and dashes");

export const MAX_INVITES_AT_ONCE = 20;
