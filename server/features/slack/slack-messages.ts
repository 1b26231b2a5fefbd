// What Holdup says in Slack, as Block Kit: the help, the two columns of `/holdup list`, confirmations. Each message
// has a plain `text` too, which Slack shows in notifications and screen readers read. Text from people (titles,
// names) is escaped for Slack's mrkdwn, so a title cannot mention @channel or forge a link.
import { compactAge } from "../../../common/durations.ts";
import { paths } from "../../../common/paths.ts";
import type { BlockerCard } from "../blockers/blocker-cards.ts";

export type SlackBlock = Record<string, unknown>;
export type SlackReply = { response_type: "ephemeral" | "in_channel"; text: string; blocks?: SlackBlock[]; replace_original?: boolean };

/** Slack's three control characters in mrkdwn, escaped as its documentation asks. */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const mention = (slackUserId: string) => `<@${slackUserId}>`;

/** Text a person wrote in Slack, as they wrote it: Slack's escapes undone, and its links and mentions as their labels. */
export const plainText = (text: string) =>
  text
    .replace(/<([^>|]+)\|([^>]+)>/g, "$2")
    .replace(/<([^>]+)>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
export const slackLink = (url: string, label: string) => `<${url}|${escapeMrkdwn(label).replace(/\|/g, "¦")}>`;

const section = (text: string): SlackBlock => ({ type: "section", text: { type: "mrkdwn", text } });
const context = (text: string): SlackBlock => ({ type: "context", elements: [{ type: "mrkdwn", text }] });

/** "5h", "3d": how long a blocker has waited, the way the web app's lists say it (common/durations.ts). */
export const ageOf = (since: Date, now: Date) => compactAge(Math.max(0, now.getTime() - since.getTime()));

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

type Dashboard = { counters: { waitingOnMe: number; imWaitingOn: number }; waitingOnMe: { items: BlockerCard[] }; imWaitingOn: { items: BlockerCard[] } };

/** `/holdup list`: the person's two columns. */
export function listReply(appUrl: string, dashboard: Dashboard, now: Date): SlackReply {
  const { text, blocks } = twoColumns(appUrl, dashboard, now);
  return ephemeral(text, blocks);
}

/** The app's Home tab in Slack: the same two columns, under a link to Holdup. */
export function homeView(appUrl: string, dashboard: Dashboard, now: Date) {
  return {
    type: "home" as const,
    blocks: [section(`*Holdup* · ${slackLink(`${appUrl}${paths.dashboard}`, "Open Holdup")} · \`/holdup @someone what you wait for\` logs a blocker`), { type: "divider" }, ...twoColumns(appUrl, dashboard, now).blocks],
  };
}

/** The person's two columns, the first ten of each, with how long each has waited, and buttons to answer. */
function twoColumns(appUrl: string, dashboard: Dashboard, now: Date): { text: string; blocks: SlackBlock[] } {
  const link = (card: BlockerCard) => slackLink(`${appUrl}${paths.blocker(card.id)}`, card.title);
  const waitingOnMe = dashboard.waitingOnMe.items.slice(0, 10).flatMap((card) => [
    section(`*${link(card)}*\nfrom ${nameOf(card.creator)} · waiting ${ageOf(card.createdAt, now)}`),
    ...(card.can.markDone ? [{ type: "actions", block_id: `list:${card.id}`, elements: answerButtons(card.id) }] : []),
  ]);
  const imWaitingOn = dashboard.imWaitingOn.items.slice(0, 10).map((card) => {
    const pending = card.blocking.filter((part) => part.status === "pending").map((part) => nameOf(part.person));
    return section(`*${link(card)}*\non ${listOfNames(pending)} · waiting ${ageOf(card.createdAt, now)}`);
  });
  const { waitingOnMe: mine, imWaitingOn: theirs } = dashboard.counters;
  const more = (shown: number, total: number) => (total > shown ? [context(`and ${total - shown} more in ${slackLink(`${appUrl}${paths.dashboard}`, "Holdup")}`)] : []);
  return {
    text: `Waiting on me: ${mine}. I'm waiting on: ${theirs}.`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: `Waiting on me (${mine})` } },
      ...(waitingOnMe.length > 0 ? waitingOnMe : [context("Nothing is waiting on you.")]),
      ...more(waitingOnMe.length, mine),
      { type: "divider" },
      { type: "header", text: { type: "plain_text", text: `I'm waiting on (${theirs})` } },
      ...(imWaitingOn.length > 0 ? imWaitingOn : [context("You are not waiting on anyone.")]),
      ...more(imWaitingOn.length, theirs),
    ],
  };
}

/** A blocker's link, unfurled: its title, who it waits on (and who answered), its status and age. */
export function unfurlBlocks(card: BlockerCard, now: Date): SlackBlock[] {
  const parts = card.blocking.map((part) => `${nameOf(part.person)}${part.status === "pending" ? "" : part.status === "done" ? " ✓" : part.status === "declined" ? " (declined)" : ""}`);
  const status = card.status === "open" ? `Open · waiting ${ageOf(card.createdAt, now)}` : card.status === "resolved" ? "Resolved" : "Cancelled";
  return [section(`*${escapeMrkdwn(card.title)}*\nWaiting on ${listOfNames(parts)} · logged by ${nameOf(card.creator)}`), context(`${status}${card.priority !== "normal" ? ` · Priority: ${card.priority}` : ""}`)];
}

/** A kept message that is a channel's thread that logged a blocker (@Holdup); once told it ended, `CHANNEL_THREAD_TOLD`. */
export const CHANNEL_THREAD = "channel";
export const CHANNEL_THREAD_TOLD = "channel_told";

/** What a channel's thread is told when its blocker ends. */
export function threadToldEnd(appUrl: string, blocker: { id: string; title: string; status: string }) {
  const link = slackLink(`${appUrl}${paths.blocker(blocker.id)}`, blocker.title);
  return blocker.status === "resolved" ? `:tada: Done: ${link} is resolved.` : `:wastebasket: ${link} was cancelled.`;
}

/** Action ids of the buttons on a message about a blocker (the interactions route dispatches on them). */
export const BLOCKER_ACTIONS = { done: "holdup_done", snooze: "holdup_snooze_1d", decline: "holdup_decline", open: "holdup_open" } as const;

/** What the person waited on can answer: the same three as the web app's and the e-mail's. */
const answerButtons = (blockerId: string) => [
  { type: "button", action_id: BLOCKER_ACTIONS.done, style: "primary", text: { type: "plain_text", text: "Mark done" }, value: blockerId },
  { type: "button", action_id: BLOCKER_ACTIONS.snooze, text: { type: "plain_text", text: "Snooze until tomorrow" }, value: blockerId },
  { type: "button", action_id: BLOCKER_ACTIONS.decline, text: { type: "plain_text", text: "Decline…" }, value: blockerId },
];

/** How things stand for the message's reader, read when it is sent or updated. */
export type BlockerMessageState = {
  heading: string;
  blocker: { id: string; title: string; status: "open" | "resolved" | "cancelled"; priority: string; createdAt: Date; dueAt: Date | null };
  /** The reader's part, when the blocker waits on them. */
  myPart: { status: "pending" | "done" | "declined" | "released"; snoozedUntil: Date | null } | null;
};

/** A time as Slack shows it to each reader, in their own time zone and words ("Tomorrow at 9:00 AM"). */
export const slackDate = (date: Date) => `<!date^${Math.floor(date.getTime() / 1000)}^{date_short_pretty} at {time}|${date.toISOString()}>`;

const partLine = (state: BlockerMessageState, now: Date): string | null => {
  if (state.blocker.status === "resolved") return ":tada: Resolved: nothing waits any more.";
  if (state.blocker.status === "cancelled") return ":wastebasket: Cancelled.";
  if (state.myPart?.status === "done") return ":white_check_mark: You marked your part done.";
  if (state.myPart?.status === "declined") return ":no_entry: You said it is not yours.";
  if (state.myPart?.status === "released") return "You are no longer in this blocker's team.";
  if (state.myPart?.snoozedUntil && state.myPart.snoozedUntil > now) return `:zzz: Reminders snoozed until ${slackDate(state.myPart.snoozedUntil)}.`;
  return null;
};

/**
 * A message about a blocker: its heading, the blocker (a link), how long it has waited, and — while its reader's
 * part is pending on an open blocker — the buttons to answer. Once answered or ended, the buttons go and a line says
 * how it stands: a button is never offered that the server would refuse.
 */
export function blockerMessage(appUrl: string, state: BlockerMessageState, now: Date): { text: string; blocks: SlackBlock[] } {
  const url = `${appUrl}${paths.blocker(state.blocker.id)}`;
  const details = [state.blocker.priority !== "normal" ? `Priority: ${state.blocker.priority}` : null, `Waiting ${ageOf(state.blocker.createdAt, now)}`, state.blocker.dueAt ? `Due ${slackDate(state.blocker.dueAt)}` : null].filter(Boolean).join(" · ");
  const canAnswer = state.blocker.status === "open" && state.myPart?.status === "pending";
  const status = partLine(state, now);
  const open = { type: "button", action_id: BLOCKER_ACTIONS.open, text: { type: "plain_text", text: "Open in Holdup" }, url };
  const actions = canAnswer ? [...answerButtons(state.blocker.id), open] : [open];
  return {
    text: `${state.heading}: ${state.blocker.title}`,
    blocks: [
      section(`*${escapeMrkdwn(state.heading)}*\n${slackLink(url, state.blocker.title)}`),
      context(details),
      ...(status ? [context(status)] : []),
      { type: "actions", block_id: `blocker:${state.blocker.id}`, elements: actions },
    ],
  };
}
