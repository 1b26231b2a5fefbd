import { z } from "zod";

/** Text a person typed: PostgreSQL cannot store the NUL character, so it is refused up front with the field named. */
export const typedText = () => z.string().refine((text) => !text.includes("\u0000"), "Contains a character that is not allowed");

/** The ids better-auth generates (letters, digits, - and _). */
export const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a valid id");

export const fullNameSchema = typedText().trim().min(1, "Enter your name").max(100, "Use at most 100 characters");

/** An IANA time zone the runtime knows ("Europe/Paris"); reminders are timed in it. */
export const timezoneSchema = z.string().refine((zone) => {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}, "Unknown time zone");

export const teamNameSchema = typedText().trim().min(2, "Use at least 2 characters").max(80, "Use at most 80 characters");

export const MAX_INVITES_AT_ONCE = 20;
