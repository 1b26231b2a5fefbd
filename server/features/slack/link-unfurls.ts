// A Holdup blocker's link pasted in Slack unfurls with its title, people, status and age — only in the workspace of
// the blocker's own team, and only when the person who pasted it is a member of that team: a link shared elsewhere,
// or by someone Holdup does not know, shows nothing more than the address.
import type { LinkUnfurls } from "@slack/web-api";
import { z } from "zod";
import { blockerCards } from "../blockers/blocker-cards.ts";
import { slackIdSchema } from "./slack-ids.ts";
import { unfurlBlocks } from "./slack-messages.ts";
import { memberOfSlackUser } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import type { SlackWorkspace } from "./slack-workspaces.ts";
import type { CommandDeps } from "./slash-command.ts";

export const linkSharedSchema = z.object({
  type: z.literal("link_shared"),
  channel: z.string().max(64),
  user: slackIdSchema,
  message_ts: z.string().max(64),
  unfurl_id: z.string().max(200).optional(),
  source: z.string().max(50).optional(),
  links: z.array(z.object({ url: z.string().max(2000), domain: z.string().max(300).optional() })).max(20),
});

/** The blocker a link names, when it is one of this Holdup's blocker pages. */
export function blockerIdInLink(appUrl: string, url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const link = new URL(url);
  if (link.origin !== new URL(appUrl).origin) return undefined;
  return /^\/blockers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(link.pathname)?.[1]?.toLowerCase();
}

export async function unfurlLinks(deps: CommandDeps, workspace: SlackWorkspace, event: z.infer<typeof linkSharedSchema>, now: Date) {
  const sharer = await memberOfSlackUser(deps, workspace, event.user, now);
  if (!sharer) return;
  const asked = event.links.flatMap((link) => {
    const blockerId = blockerIdInLink(deps.config.appUrl, link.url);
    return blockerId ? [{ url: link.url, blockerId }] : [];
  });
  if (asked.length === 0) return;
  // Cards are read within the sharer's team: another team's blocker is not found, and is not unfurled.
  const cards = new Map((await blockerCards(deps.db, sharer, asked.map((link) => link.blockerId), now)).map((card) => [card.id, card]));
  // Holdup's blocks are plain objects (slack-messages.ts); Slack's typing of an unfurl's blocks is narrower.
  const unfurls = Object.fromEntries(
    asked.flatMap(({ url, blockerId }) => {
      const card = cards.get(blockerId);
      return card ? [[url, { blocks: unfurlBlocks(card, now) }]] : [];
    }),
  ) as unknown as LinkUnfurls;
  if (Object.keys(unfurls).length === 0) return;
  await slackClient(deps.slack, deps.logger, workspace.token).chat.unfurl(event.unfurl_id && event.source ? { unfurl_id: event.unfurl_id, source: event.source as "composer" | "conversations_history", unfurls } : { channel: event.channel, ts: event.message_ts, unfurls });
}
