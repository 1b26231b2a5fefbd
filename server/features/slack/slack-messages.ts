// What Holdup says in Slack, as Block Kit: the help, the two columns of `/holdup list`, confirmations. Each message
// has a plain `text` too, which Slack shows in notifications and screen readers read. Text from people (titles,
// names) is escaped for Slack's mrkdwn, so a title cannot mention @channel or forge a link.
import { paths } from "../../../common/paths.ts";
import type { BlockerCard } from "../blockers/blocker-cards.ts";

export type SlackBlock = Record<string, unknown>;
export type SlackReply = { response_type: "ephemeral" | "in_channel"; text: string; blocks?: SlackBlock[]; replace_original?: boolean };

/** Slack's three control characters in mrkdwn, escaped as its documentation asks. */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const mention = (slackUserId: string) => `<@${slackUserId}>`;
export const slackLink = (url: string, label: string) => `<${url}|${escapeMrkdwn(label).replace(/\|/g, "¦")}>`;

const section = (text: string): SlackBlock => ({ type: "section", text: { type: "mrkdwn", text } });
const context = (text: string): SlackBlock => ({ type: "context", elements: [{ type: "mrkdwn", text }] });

const HOUR_MS = 3_600_000;
/** How long something has waited, in its largest whole unit, as the web app's lists say it ("5m", "3h", "2d"). */
export function ageOf(since: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  if (elapsed < 60_000) return "just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / 60_000)}m`;
  if (elapsed < 24 * HOUR_MS) return `${Math.floor(elapsed / HOUR_MS)}h`;
  return `${Math.floor(elapsed / (24 * HOUR_MS))}d`;
}

export const ephemeral = (text: string, blocks?: SlackBlock[]): SlackReply => ({ response_type: "ephemeral", text, ...(blocks ? { blocks } : {}) });

export function helpReply(preface?: string): SlackReply {
  const lines = [
    "*Holdup in Slack*",
    "• `/holdup @bob @carol API spec for payments` logs a blocker waiting on Bob and Carol; they hear of it here.",
    "• `/holdup` or `/holdup list` shows what is waiting on you, and what you are waiting on.",
    "• `/holdup help` shows this.",
  ];
  return ephemeral([preface, ...lines].filter(Boolean).join("\n"), [...(preface ? [section(preface)] : []), section(lines.join("\n"))]);
}

const nameOf = (person: { fullName: string | null; email: string }) => escapeMrkdwn(person.fullName?.trim() || person.email);
const listOfNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

export function createdReply(appUrl: string, blocker: { id: string; title: string }, waitingOn: string[]): SlackReply {
  const text = `Logged: ${slackLink(`${appUrl}${paths.blocker(blocker.id)}`, blocker.title)}, waiting on ${listOfNames(waitingOn.map(mention))}. They hear of it now.`;
  return ephemeral(text, [section(`:white_check_mark: ${text}`)]);
}

/** `/holdup list`: the person's two columns, the first page of each, with how long each has waited. */
export function listReply(appUrl: string, dashboard: { counters: { waitingOnMe: number; imWaitingOn: number }; waitingOnMe: { items: BlockerCard[] }; imWaitingOn: { items: BlockerCard[] } }, now: Date): SlackReply {
  const link = (card: BlockerCard) => slackLink(`${appUrl}${paths.blocker(card.id)}`, card.title);
  const waitingOnMe = dashboard.waitingOnMe.items.slice(0, 10).map((card) => section(`*${link(card)}*\nfrom ${nameOf(card.creator)} · waiting ${ageOf(card.createdAt, now)}`));
  const imWaitingOn = dashboard.imWaitingOn.items.slice(0, 10).map((card) => {
    const pending = card.blocking.filter((part) => part.status === "pending").map((part) => nameOf(part.person));
    return section(`*${link(card)}*\non ${listOfNames(pending)} · waiting ${ageOf(card.createdAt, now)}`);
  });
  const { waitingOnMe: mine, imWaitingOn: theirs } = dashboard.counters;
  const more = (shown: number, total: number) => (total > shown ? [context(`and ${total - shown} more in ${slackLink(`${appUrl}${paths.dashboard}`, "Holdup")}`)] : []);
  return ephemeral(`Waiting on me: ${mine}. I'm waiting on: ${theirs}.`, [
    { type: "header", text: { type: "plain_text", text: `Waiting on me (${mine})` } },
    ...(waitingOnMe.length > 0 ? waitingOnMe : [context("Nothing is waiting on you.")]),
    ...more(waitingOnMe.length, mine),
    { type: "divider" },
    { type: "header", text: { type: "plain_text", text: `I'm waiting on (${theirs})` } },
    ...(imWaitingOn.length > 0 ? imWaitingOn : [context("You are not waiting on anyone.")]),
    ...more(imWaitingOn.length, theirs),
  ]);
}
