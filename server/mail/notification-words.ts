// What a notification says, in every channel that carries it: the e-mail's subject, heading and lines
// (templates.ts), and Slack's message (slack/slack-messages.ts). One place, so the two never tell it differently.
export type NotificationWords = { subject: string; heading: string; lines: string[] };

/**
 * `actorName`: who did it; for an automatic reminder, whoever waits (the blocker's author). `waited`: how long the
 * blocker has waited ("3 days"), which a reminder's subject says, so it never reads like the first e-mail about it.
 */
export function notificationWords(options: { type: string; automatic: boolean; actorName: string; title: string; payload: Record<string, unknown>; waited?: string }): NotificationWords {
  const { actorName: actor, title } = options;
  const answer = "Mark your part done, decline it if it is not yours, or snooze the reminders.";
  const reason = typeof options.payload.reason === "string" && options.payload.reason.trim() ? [`“${options.payload.reason.trim()}”`] : [];
  const reminders = String(options.payload.reminders ?? "several");
  switch (options.type) {
    case "blocker_assigned":
      return { subject: `${actor} is waiting on you: ${title}`, heading: `${actor} is waiting on you`, lines: [answer] };
    case "nudged":
      return {
        subject: `Reminder: ${title}${options.waited ? ` (waiting ${options.waited})` : ""}`,
        heading: options.automatic ? `A reminder: ${actor} is still waiting on you` : `${actor} is still waiting on you`,
        lines: [answer],
      };
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

/**
 * The subject and heading of a person's changes sent together: "Alice logged 3 blockers on you" when that is what
 * they are, else what they have in common.
 */
export function batchWords(changes: { type: string; actorName: string }[]): { subject: string; heading: string } {
  const count = changes.length;
  const [first] = changes;
  const allOf = (type: string) => changes.every((change) => change.type === type);
  const oneActor = first !== undefined && changes.every((change) => change.actorName === first.actorName);
  if (allOf("blocker_assigned")) {
    const said = oneActor ? `${first.actorName} logged ${count} blockers on you` : `${count} new blockers wait on you`;
    return { subject: said, heading: said };
  }
  if (allOf("nudged")) return { subject: `Reminder: ${count} blockers wait on you`, heading: `${count} blockers still wait on you` };
  return { subject: `${count} updates on your blockers in Holdup`, heading: `${count} updates on your blockers` };
}
