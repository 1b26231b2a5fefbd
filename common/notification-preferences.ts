// Which channels reach a person for each kind of event (DESIGN.md §4). In the app: always. E-mail: per event type,
// or gathered in one daily digest at the start of their working day. The chat column is Slack's (issue #12).
import { z } from "zod";

/** The kinds of event a person can choose channels for, as the notifications name them. */
export const preferenceEvents = ["blocker_assigned", "nudged", "done", "declined", "resolved", "commented", "escalated"] as const;
export type PreferenceEvent = (typeof preferenceEvents)[number];
export const isPreferenceEvent = (type: string): type is PreferenceEvent => (preferenceEvents as readonly string[]).includes(type);
export const notificationChannels = ["email", "chat"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

const channelChoices = z.object({ email: z.boolean("On or off"), chat: z.boolean("On or off") }).strict();

export const notificationPreferencesSchema = z
  .object({
    events: z.object(Object.fromEntries(preferenceEvents.map((event) => [event, channelChoices])) as Record<PreferenceEvent, typeof channelChoices>).strict(),
    /** One e-mail at the start of the working day ("You're holding up 3 people: …") instead of single e-mails. */
    dailyDigest: z.boolean("On or off"),
    /**
     * The team's weekly report, for owners and admins (Monday 09:00 in their zone). Absent in what was saved before
     * it existed, which counts as on: see wantsWeeklyReport.
     */
    weeklyReport: z.boolean("On or off").optional(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * What reaches someone who chose nothing: by e-mail what asks something of them (a blocker on them, a nudge, an
 * escalation) or changes what they wait for (declined, a comment); a part done or a blocker resolved shows in the app.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  events: {
    blocker_assigned: { email: true, chat: true },
    nudged: { email: true, chat: true },
    done: { email: false, chat: true },
    declined: { email: true, chat: true },
    resolved: { email: false, chat: true },
    commented: { email: true, chat: false },
    escalated: { email: true, chat: true },
  },
  dailyDigest: false,
  weeklyReport: true,
};

/** Whether someone gets the weekly report: yes unless they turned it off. */
export const wantsWeeklyReport = (preferences: NotificationPreferences | null | undefined) => preferences?.weeklyReport !== false;
