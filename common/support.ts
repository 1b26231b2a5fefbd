// The /support contact form: its input rules, shared by the server (which enforces them) and the web form.
import { z } from "zod";
import { typedText } from "./profile.ts";

export const SUPPORT_NAME_MAX = 100;
/** The longest address SMTP can carry (RFC 5321: a 256-octet path, less its angle brackets). */
export const SUPPORT_EMAIL_MAX = 254;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

/** Requests accepted per client (network address) and per sender's e-mail address within the window (decision 014). */
export const SUPPORT_REQUEST_LIMIT = { perClient: 5, perEmail: 3, windowSeconds: 60 * 60 } as const;

/** Text a person typed, with the form's own word for a missing field. */
const typed = (missing: string) => typedText({ missing });

export const supportRequestSchema = z.strictObject({
  name: typed("Enter your name")
    .trim()
    .min(1, "Enter your name")
    .max(SUPPORT_NAME_MAX, `Use at most ${SUPPORT_NAME_MAX} characters`),
  // Lower-cased, so that one address is counted once by the per-address limit however it is typed.
  email: typed("Enter your e-mail address")
    .trim()
    .toLowerCase()
    .min(1, "Enter your e-mail address")
    .max(SUPPORT_EMAIL_MAX, `Use at most ${SUPPORT_EMAIL_MAX} characters`)
    .pipe(z.email("Enter a valid e-mail address")),
  message: typed("Write your message")
    .trim()
    .min(SUPPORT_MESSAGE_MIN, `Write at least ${SUPPORT_MESSAGE_MIN} characters`)
    .max(SUPPORT_MESSAGE_MAX, `Use at most ${SUPPORT_MESSAGE_MAX.toLocaleString("en")} characters`),
});

export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;
