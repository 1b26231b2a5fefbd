// Reply to act, as Tickr's users are used to: a reply in the thread of one of Holdup's DMs about a blocker. "done"
// (or "finished", "shipped", "resolved") marks the replier's part done; anything else becomes their comment on the
// blocker, seen in the web app. Holdup answers in the thread.
import { z } from "zod";
import { COMMENT_MAX } from "../../../common/blocker-values.ts";
import { Refusal } from "../../http/refusal.ts";
import { commentOnBlocker } from "../blockers/comment-on-blocker.ts";
import { markDone } from "../blockers/respond-to-blocker.ts";
import { keptMessage } from "./blocker-messages.ts";
import { slackIdSchema } from "./slack-ids.ts";
import { plainText } from "./slack-messages.ts";
import { memberOfSlackUser } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import type { SlackWorkspace } from "./slack-workspaces.ts";
import type { CommandDeps } from "./slash-command.ts";

export const threadReplySchema = z.object({
  type: z.literal("message"),
  channel_type: z.literal("im"),
  channel: slackIdSchema,
  user: slackIdSchema,
  text: z.string().max(40_000),
  ts: z.string().max(40),
  thread_ts: z.string().max(40),
});

/** A reply that says the work is done: one of these words, alone or followed by a few more ("done, thanks!"). */
export const isDoneReply = (text: string) => /^(done|finished|shipped|resolved)\b[\s\S]{0,30}$/i.test(text.trim());

export async function replyInDmThread(deps: CommandDeps, workspace: SlackWorkspace, reply: z.infer<typeof threadReplySchema>, now: Date) {
  const kept = await keptMessage(deps.db, reply.channel, reply.thread_ts);
  if (!kept || kept.teamId !== workspace.teamId) return;
  const member = await memberOfSlackUser(deps, workspace, reply.user, now);
  // Only the person the DM is to acts through its thread.
  if (!member || member.profileId !== kept.profileId) return;
  const text = plainText(reply.text).trim();
  let answer: string;
  try {
    if (isDoneReply(text)) {
      await markDone(deps, member, kept.blockerId, now);
      answer = ":white_check_mark: Marked your part done.";
    } else {
      await commentOnBlocker(deps, member, kept.blockerId, text.slice(0, COMMENT_MAX), now);
      answer = ":speech_balloon: Added to the blocker as your comment.";
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    answer = `Nothing was changed: ${error.message}`;
  }
  await slackClient(deps.slack, deps.logger, workspace.token).chat.postMessage({ channel: reply.channel, thread_ts: reply.thread_ts, text: answer });
}
