// Every e-mail Holdup sends: its subject and words. How it looks (HTML with react-email, and a plain-text part) is
// server/mail/email-layout.tsx.
import { renderEmail, type EmailAction, type EmailContent } from "./email-layout.tsx";
import type { NotificationItem } from "../features/notifications/compose-email.ts";
import { batchWords, notificationWords } from "./notification-words.ts";

/** A template's content with its one action, as most e-mails have. */
const render = ({ action, ...content }: Omit<EmailContent, "actions"> & { action?: EmailAction }) => renderEmail({ ...content, actions: action ? [action] : [] });

/** Header-safe: a name typed into a form, on one line. */
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, " ").trim();

export const emailTemplates = {
  verifyEmail: (url: string) =>
    render({
      subject: "Confirm your e-mail for Holdup",
      heading: "Confirm your e-mail",
      lines: ["Open the link below to confirm your address and finish signing up.", "If you did not sign up for Holdup, ignore this e-mail."],
      action: { label: "Confirm e-mail", url },
    }),
  confirmNewEmail: (url: string) =>
    render({
      subject: "Confirm your new e-mail for Holdup",
      heading: "Confirm your new e-mail",
      lines: ["Someone asked to use this address for their Holdup account. Open the link below to confirm it: the account moves to this address then.", "If it was not you, ignore this e-mail: nothing changes."],
      action: { label: "Confirm new e-mail", url },
    }),
  oneTimeCode: (code: string, purpose: "sign-in" | "email-verification" | "forget-password") =>
    render({
      subject: purpose === "sign-in" ? `Your Holdup sign-in code: ${code}` : `Your Holdup code: ${code}`,
      heading: purpose === "sign-in" ? "Your sign-in code" : purpose === "forget-password" ? "Your password reset code" : "Your verification code",
      lines: ["Enter this code in Holdup. It expires in 5 minutes and works once."],
      code,
    }),
  resetPassword: (url: string) =>
    render({
      subject: "Reset your Holdup password",
      heading: "Reset your password",
      lines: ["Someone asked to reset the password of your Holdup account. Open the link below to choose a new one. It expires in 1 hour.", "If it was not you, ignore this e-mail: your password stays as it is."],
      action: { label: "Choose a new password", url },
    }),
  /** To Holdup's support address; replying answers the sender (Reply-To). */
  supportRequest: (request: { id: string; name: string; email: string; message: string; receivedAt: Date; signedIn: { profileId: string; accountEmail: string } | null }) =>
    render({
      subject: `Support request from ${oneLine(request.name)}`,
      heading: `Support request from ${oneLine(request.name)}`,
      lines: [
        `Name: ${request.name}`,
        `E-mail: ${request.email}`,
        request.signedIn ? `Signed in: yes, profile ${request.signedIn.profileId} (account e-mail ${request.signedIn.accountEmail})` : "Signed in: no",
        `Received: ${request.receivedAt.toISOString()} (request ${request.id})`,
        "Message:",
        ...request.message.split(/\r?\n/),
      ],
    }),
  /**
   * A notification by e-mail (its type's words): the blocker's title, then its priority, age and due date and the first
   * lines of its description. `actorName`: who did it; for an automatic reminder, whoever waits (the blocker's author).
   * `actions`: for the person waited on Mark done, Snooze and Decline (one-click links), and Open.
   */
  notification: (item: NotificationItem) => {
    const words = notificationWords(item);
    const lines = [item.details, ...(item.excerpt ? [`“${item.excerpt}”`] : []), ...words.lines];
    return renderEmail({ ...words, lines, quote: item.title, actions: item.actions, unsubscribe: { label: item.unsubscribe.label, url: item.unsubscribe.url } }, item.unsubscribe.oneClickUrl);
  },
  /**
   * A person's changes of the last minutes in one e-mail (issue #27), each with its heading, details and links. Their
   * unsubscribe link when they are all of one kind; else the way to the notification settings.
   */
  notificationBatch: (items: NotificationItem[], settingsUrl: string) => {
    const [first] = items;
    const sameKind = first !== undefined && items.every((item) => item.type === first.type);
    const unsubscribe = sameKind ? first.unsubscribe : undefined;
    return renderEmail(
      {
        ...batchWords(items),
        lines: [],
        items: items.map((item) => ({
          heading: notificationWords(item).heading,
          title: item.title,
          details: item.excerpt ? `${item.details} — ${item.excerpt}` : item.details,
          actions: item.actions,
        })),
        unsubscribe: unsubscribe ? { label: unsubscribe.label, url: unsubscribe.url } : { label: "Choose which e-mails you get", url: settingsUrl },
      },
      unsubscribe?.oneClickUrl,
    );
  },
  /** The daily digest: what waits on the person, and what happened since the last one. */
  digest: (options: { holdingUp: number; blockers: number; lines: string[]; changes: { type: string; count: number }[]; dashboardUrl: string; unsubscribe: { label: string; url: string; oneClickUrl: string } }) => {
    const changeWords: Record<string, [string, string]> = {
      blocker_assigned: ["new blocker on you", "new blockers on you"],
      nudged: ["nudge", "nudges"],
      done: ["part done", "parts done"],
      declined: ["declined", "declined"],
      resolved: ["blocker resolved", "blockers resolved"],
      commented: ["comment", "comments"],
      escalated: ["escalation", "escalations"],
    };
    const changed = options.changes.filter((change) => changeWords[change.type]).map((change) => `${change.count} ${(changeWords[change.type] ?? ["", ""])[change.count === 1 ? 0 : 1]}`);
    const people = `${options.holdingUp} ${options.holdingUp === 1 ? "person" : "people"}`;
    return renderEmail(
      {
        subject: options.blockers > 0 ? `You're holding up ${people}` : "What changed in Holdup",
        heading: options.blockers > 0 ? `You're holding up ${people}` : "Nothing waits on you",
        lines: [...options.lines, ...(changed.length > 0 ? [`Since your last digest: ${changed.join(", ")}.`] : [])],
        actions: [{ label: "Open my dashboard", url: options.dashboardUrl }],
        unsubscribe: { label: options.unsubscribe.label, url: options.unsubscribe.url },
      },
      options.unsubscribe.oneClickUrl,
    );
  },
  /** The team's weekly report, to its owners and admins: the week's numbers, who held others up, the oldest open blockers. */
  weeklyReport: (options: { teamName: string; week: string; lines: string[]; holdingUp: string[]; oldest: string[]; insightsUrl: string; unsubscribe: { label: string; url: string; oneClickUrl: string } }) =>
    renderEmail(
      {
        subject: `${oneLine(options.teamName)}: the week in Holdup (${options.week})`,
        heading: `${oneLine(options.teamName)}'s week, ${options.week}`,
        lines: [
          ...options.lines,
          ...(options.holdingUp.length > 0 ? ["Holding others up the most:", ...options.holdingUp] : ["Nobody held anyone up this week."]),
          ...(options.oldest.length > 0 ? ["The oldest open blockers:", ...options.oldest] : []),
        ],
        actions: [{ label: "Open the team's insights", url: options.insightsUrl }],
        unsubscribe: { label: options.unsubscribe.label, url: options.unsubscribe.url },
      },
      options.unsubscribe.oneClickUrl,
    ),
  /** To a team's owners and admins: Holdup turned off one of its webhooks, whose every delivery failed for three days. */
  webhookDisabled: (options: { teamName: string; endpoint: string; failingSince: string; integrationsUrl: string }) =>
    render({
      subject: `${oneLine(options.teamName)}: a webhook was turned off`,
      heading: "A webhook was turned off",
      lines: [
        `Every delivery to ${options.endpoint} has failed since ${options.failingSince}, so Holdup stopped sending to it. Events from now on are not sent there; those it could not deliver are in its delivery log.`,
        "Fix the endpoint, then turn the webhook on again on the integrations page (and redeliver what it missed).",
      ],
      action: { label: "Open the integrations page", url: options.integrationsUrl },
    }),
  invitation: (options: { inviterName: string; teamName: string; url: string }) =>
    render({
      subject: `${options.inviterName} invited you to ${options.teamName} on Holdup`,
      heading: `Join ${options.teamName} on Holdup`,
      lines: [`${options.inviterName} invited you to track blockers with the ${options.teamName} team.`, "Sign up or sign in with this e-mail address to accept."],
      action: { label: "Accept the invitation", url: options.url },
    }),
};
