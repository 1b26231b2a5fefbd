// What a notification says, in every channel that carries it: the e-mail's subject, heading and lines
// (templates.ts), and Slack's message (slack/slack-messages.ts). One place, so the two never tell it differently.
export type NotificationWords = { subject: string; heading: string; lines: string[] };

/** `actorName`: who did it; for an automatic reminder, whoever waits (the blocker's author). */
export function notificationWords(options: { type: string; automatic: boolean; actorName: string; title: string; payload: Record<string, unknown> }): NotificationWords {
  const { actorName: actor, title } = options;
  const answer = "Mark your part done, say it is not yours, or snooze the reminders.";
  const reason = typeof options.payload.reason === "string" && options.payload.reason.trim() ? [`“${options.payload.reason.trim()}”`] : [];
  const reminders = String(options.payload.reminders ?? "several");
  switch (options.type) {
    case "blocker_assigned":
      return { subject: `${actor} is waiting on you: ${title}`, heading: `${actor} is waiting on you`, lines: [answer] };
    case "nudged":
      return { subject: `${actor} is waiting on you: ${title}`, heading: options.automatic ? `A reminder: ${actor} is still waiting on you` : `${actor} is still waiting on you`, lines: [answer] };
    case "done":
      return { subject: `${actor} did their part: ${title}`, heading: `${actor} marked their part done`, lines: [] };
    case "declined":
      return { subject: `${actor} declined: ${title}`, heading: `${actor} says it is not theirs`, lines: [...reason, "Ask someone else, or cancel the blocker."] };
    case "resolved":
      return { subject: `Resolved: ${title}`, heading: "Nothing waits any more", lines: [] };
    case "commented":
      return { subject: `${actor} commented: ${title}`, heading: `${actor} commented`, lines: [] };
    case "escalated":
      return { subject: `${actor} has not answered after ${reminders} reminders: ${title}`, heading: `${actor} is holding this up`, lines: [`Holdup has reminded ${actor} ${reminders} times without an answer.`] };
    default:
      return { subject: `Holdup: ${title}`, heading: "Something changed", lines: [] };
  }
}
