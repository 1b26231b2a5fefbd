import { z } from "zod";

export const fullNameSchema = z.string().trim().min(1, "Enter your name").max(100, "Use at most 100 characters");

/** An IANA time zone the runtime knows ("Europe/Paris"); reminders are timed in it. */
export const timezoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "Unknown time zone");

export const teamNameSchema = z.string().trim().min(2, "Use at least 2 characters").max(80, "Use at most 80 characters");

export const MAX_INVITES_AT_ONCE = 20;
