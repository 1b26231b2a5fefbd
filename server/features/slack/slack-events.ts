// Slack's Events API: the URL check when the app is set up (url_verification), and the events Holdup subscribes to.
// Slack delivers at least once and retries a delivery it thinks failed (X-Slack-Retry-Num): each event is applied
// once, by its event_id. An event from a workspace no team has connected is acknowledged and ignored. Holdup acts
// on: the app's Home tab opened, @Holdup in a channel, a reply in a DM's thread, a blocker's link shared.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { slackIdSchema } from "./slack-ids.ts";
import type { Database } from "../../db/client.ts";
import { slackEvents } from "../../db/schema.ts";
import { appMentionSchema, mentionInChannel } from "./channel-mentions.ts";
import { homeOpened } from "./home-tab.ts";
import { linkSharedSchema, unfurlLinks } from "./link-unfurls.ts";
import { forgetSlackWorkspace, workspaceOfSlackTeam } from "./slack-workspaces.ts";
import type { CommandDeps } from "./slash-command.ts";
import { replyInDmThread, threadReplySchema } from "./thread-replies.ts";

const urlVerificationSchema = z.object({ type: z.literal("url_verification"), challenge: z.string().min(1).max(500) });
const eventCallbackSchema = z.object({
  type: z.literal("event_callback"),
  team_id: slackIdSchema,
  event_id: z.string().min(1).max(128),
  event: z.looseObject({ type: z.string().max(100), tokens: z.object({ bot: z.array(z.string()).optional() }).optional() }),
});
export const slackEventSchema = z.union([urlVerificationSchema, eventCallbackSchema, z.looseObject({ type: z.string().max(100) })]);
export type SlackEventBody = z.infer<typeof slackEventSchema>;

/** True the first time an event id is seen; false for a repeat (a retry, or a second delivery). */
async function firstDelivery(db: Database, eventId: string, now: Date) {
  const inserted = await db.insert(slackEvents).values({ id: eventId, receivedAt: now }).onConflictDoNothing().returning({ id: slackEvents.id });
  return inserted.length > 0;
}

/** The events that act on a workspace's team, each read whole (anything else Slack sends is acknowledged). */
async function actOn(deps: CommandDeps, slackTeamId: string, event: Record<string, unknown>, now: Date) {
  const workspace = await workspaceOfSlackTeam(deps, slackTeamId);
  if (!workspace) return;
  const home = homeOpenedSchema.safeParse(event);
  if (home.success) return home.data.tab === "home" ? homeOpened(deps, workspace, home.data.user, now) : undefined;
  const mention = appMentionSchema.safeParse(event);
  if (mention.success) return mentionInChannel(deps, workspace, mention.data, now);
  const reply = threadReplySchema.safeParse(event);
  // A message of Holdup's own (a bot's), or an edit or a deletion (a subtype), is not a reply to act on.
  if (reply.success && event.bot_id === undefined && event.subtype === undefined) return replyInDmThread(deps, workspace, reply.data, now);
  const links = linkSharedSchema.safeParse(event);
  if (links.success) return unfurlLinks(deps, workspace, links.data, now);
}

const homeOpenedSchema = z.object({ type: z.literal("app_home_opened"), user: slackIdSchema, tab: z.string().max(20) });

export async function receiveSlackEvent(deps: CommandDeps, body: SlackEventBody, now: Date): Promise<{ challenge?: string; ok: true; repeated?: true }> {
  const verification = urlVerificationSchema.safeParse(body);
  if (verification.success) return { ok: true, challenge: verification.data.challenge };
  const callback = eventCallbackSchema.safeParse(body);
  if (!callback.success) return { ok: true };
  const { team_id: slackTeamId, event_id: eventId, event } = callback.data;
  if (!(await firstDelivery(deps.db, eventId, now))) return { ok: true, repeated: true };
  switch (event.type) {
    case "app_uninstalled":
      await forgetSlackWorkspace(deps.db, slackTeamId);
      break;
    case "tokens_revoked":
      // Holdup holds a bot token only: a revocation of users' tokens alone leaves it working.
      if ((event.tokens?.bot ?? []).length > 0) await forgetSlackWorkspace(deps.db, slackTeamId);
      break;
    default:
      try {
        await actOn(deps, slackTeamId, event, now);
      } catch (error) {
        // Not applied: forgotten, so that Slack's retry of it is applied.
        await deps.db.delete(slackEvents).where(eq(slackEvents.id, eventId));
        throw error;
      }
  }
  return { ok: true };
}
