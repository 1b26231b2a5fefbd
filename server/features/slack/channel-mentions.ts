// @Holdup in a channel: "@Holdup waiting on @dave for the endpoint spec" logs the blocker, answered in the thread;
// the thread is told when it is done, so the channel that saw the problem sees the end of it. What goes wrong is
// said to the author alone (an ephemeral message), and nothing is half-created.
import { z } from "zod";
import { Refusal } from "../../http/refusal.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import { createBlockerSchema } from "../../../common/blockers.ts";
import { slackMessages } from "../../db/schema.ts";
import { unknownPersonReply } from "./connect-link.ts";
import { slackIdSchema } from "./slack-ids.ts";
import { CHANNEL_THREAD, mention, slackLink } from "./slack-messages.ts";
import { membersOfSlackUsers } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import type { SlackWorkspace } from "./slack-workspaces.ts";
import { parseCommand, type CommandDeps } from "./slash-command.ts";
import { paths } from "../../../common/paths.ts";

export const appMentionSchema = z.object({ type: z.literal("app_mention"), channel: slackIdSchema, user: slackIdSchema, text: z.string().max(40_000), ts: z.string().max(40), thread_ts: z.string().max(40).optional() });

/** "waiting on @dave for the endpoint spec": the people, and what for (the words around them dropped). */
export function readMention(text: string, botUserId: string) {
  const withoutBot = text.replaceAll(new RegExp(`<@${botUserId}(\\|[^>]*)?>`, "g"), " ");
  const parsed = parseCommand(withoutBot);
  if (parsed.kind !== "create") return undefined;
  const title = parsed.title
    .replace(/^(i'?m\s+|we'?re\s+)?(waiting|blocked)\s+(on|by)\s*/i, "")
    .replace(/^(and\s+|,\s*)+/i, "")
    .replace(/^for\s+/i, "")
    .trim();
  return title ? { slackUserIds: parsed.slackUserIds, title } : undefined;
}

export async function mentionInChannel(deps: CommandDeps, workspace: SlackWorkspace, event: z.infer<typeof appMentionSchema>, now: Date) {
  const client = slackClient(deps.slack, deps.logger, workspace.token);
  const thread = event.thread_ts ?? event.ts;
  const toAuthor = (text: string) => client.chat.postEphemeral({ channel: event.channel, user: event.user, thread_ts: thread, text });
  const read = readMention(event.text, workspace.botUserId);
  if (!read) return toAuthor("Mention who you are waiting on, and what for: `@Holdup waiting on @dave for the endpoint spec`.");
  const members = await membersOfSlackUsers(deps, workspace, [event.user, ...read.slackUserIds], now);
  const author = members.get(event.user);
  if (!author) return toAuthor((await unknownPersonReply(deps, workspace, event.user, now)).text);
  const strangers = read.slackUserIds.filter((id) => !members.has(id));
  if (strangers.length > 0) return toAuthor(`Nothing was logged: ${strangers.map(mention).join(", ")} ${strangers.length === 1 ? "is not a member" : "are not members"} of your Holdup team.`);
  if (read.slackUserIds.includes(event.user)) return toAuthor("Nothing was logged: you cannot wait on yourself.");
  const permalink = await client.chat
    .getPermalink({ channel: event.channel, message_ts: event.ts })
    .then((answer) => answer.permalink)
    .catch(() => undefined);
  const input = createBlockerSchema.safeParse({ title: read.title, linkUrl: permalink, blockingProfileIds: read.slackUserIds.map((id) => members.get(id)?.profileId) });
  if (!input.success) return toAuthor(`Nothing was logged: ${input.error.issues[0]?.message ?? "the blocker is not valid"}.`);
  let blocker: { id: string; title: string };
  try {
    ({ blocker } = await createBlocker(deps, author, input.data, now, { source: "slack", externalRef: `${event.channel}/${thread}` }));
  } catch (error) {
    if (error instanceof Refusal) return toAuthor(`Nothing was logged: ${error.message}`);
    throw error;
  }
  await client.chat.postMessage({
    channel: event.channel,
    thread_ts: thread,
    text: `Logged ${slackLink(`${deps.config.appUrl}${paths.blocker(blocker.id)}`, blocker.title)}, waiting on ${read.slackUserIds.map(mention).join(" and ")}. This thread will hear when it is done.`,
  });
  await deps.db.insert(slackMessages).values({ teamId: workspace.teamId, blockerId: blocker.id, profileId: null, channel: event.channel, ts: thread, kind: CHANNEL_THREAD, heading: "", createdAt: now });
}
