// Outgoing webhooks (issue #14, decision 039): the events a team's endpoints can receive and the form that adds or
// changes one. Shared by the server (which also refuses private addresses, by its configuration) and the web app.
import { z } from "zod";
import { typedText } from "./profile.ts";

/** What an endpoint can subscribe to; each names the timeline event(s) it comes from (decision 039). */
export const webhookEventTypes = ["blocker.created", "blocker.done", "blocker.declined", "blocker.nudged", "blocker.resolved", "blocker.cancelled", "blocker.reopened", "blocker.undone", "comment.created"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** At most this many endpoints per team, on any plan: each one multiplies every change's deliveries. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** A delivery's response kept for the log: its first kilobyte. */
export const WEBHOOK_EXCERPT_BYTES = 1024;
/** The secret's prefix, as Standard Webhooks writes it ("whsec_" + base64 of the key's bytes). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export const webhookIdSchema = z.uuid("Not a valid webhook");
/** A delivery's id, which is also its `webhook-id` header: "msg_" and 22 url-safe characters. */
export const webhookDeliveryIdSchema = z.string().regex(/^msg_[A-Za-z0-9_-]{22}$/, "Not a valid delivery");

/** The address shape only: https (or http, where the server allows private addresses) is the server's to say. */
export const webhookUrlSchema = typedText({ missing: "Enter the endpoint's URL" })
  .trim()
  .min(1, "Enter the endpoint's URL")
  .max(WEBHOOK_URL_MAX, `Use at most ${WEBHOOK_URL_MAX.toLocaleString("en-US")} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, "Use a URL starting with https://, without a user name or password");

export const webhookEventsSchema = z
  .array(z.enum(webhookEventTypes, "Choose events from the list"), "Choose the events to send")
  .min(1, "Choose at least one event")
  .max(webhookEventTypes.length, "Choose each event once")
  .refine((events) => new Set(events).size === events.length, "Choose each event once");

const descriptionSchema = typedText().trim().max(WEBHOOK_DESCRIPTION_MAX, `Use at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

export const newWebhookSchema = z.strictObject({
  url: webhookUrlSchema,
  description: descriptionSchema.optional(),
  events: webhookEventsSchema,
});
export type NewWebhook = z.infer<typeof newWebhookSchema>;

export const webhookChangesSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    description: descriptionSchema.optional(),
    events: webhookEventsSchema.optional(),
    /** Off: nothing is sent (what was waiting is dropped); on again: a fresh start, its failures forgotten. */
    enabled: z.boolean("Enabled: true or false").optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), "Change at least one field");
export type WebhookChanges = z.infer<typeof webhookChangesSchema>;

/** Where an endpoint stands, as the integrations page shows it. */
export const webhookHealths = ["new", "ok", "failing", "disabled"] as const;
export type WebhookHealth = (typeof webhookHealths)[number];
