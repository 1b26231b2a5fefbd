// `/holdup`: log a blocker from Slack, see one's two columns, or the help. The command's text is read as Slack sends
// it with user mentions escaped (`<@U123|bob>`, the manifest's should_escape); every mention must be a member of
// the workspace's Holdup team, or nothing is created and the answer says who is not.
import { z } from "zod";
import { TITLE_MAX } from "../../../common/blocker-values.ts";
import { createBlockerSchema } from "../../../common/blockers.ts";
import type { Config } from "../../config.ts";
import type { AnswerCache } from "../../http/answer-cache.ts";
import { Refusal } from "../../http/refusal.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { loadDashboard } from "../blockers/list-dashboard.ts";
import { unknownPersonReply } from "./connect-link.ts";
import { slackIdSchema } from "./slack-ids.ts";
import { createdReply, ephemeral, helpReply, listReply, mention, type SlackReply } from "./slack-messages.ts";
import { membersOfSlackUsers } from "./slack-people.ts";
import { workspaceOfSlackTeam, type SlackDeps } from "./slack-workspaces.ts";

/** The fields of Slack's slash command payload Holdup reads (it sends more). */
export const slashCommandSchema = z.object({
  team_id: slackIdSchema,
  user_id: slackIdSchema,
  text: z.string().max(4000, "At most 4,000 characters").default(""),
  response_url: z.url({ protocol: /^https?$/, error: "Not a response URL" }).max(2000),
  channel_id: slackIdSchema.optional(),
});
export type SlashCommand = z.infer<typeof slashCommandSchema>;

const MENTION = /<@([UW][A-Z0-9]{1,40})(?:\|[^>]*)?>/g;

export type ParsedCommand = { kind: "help" } | { kind: "list" } | { kind: "create"; slackUserIds: string[]; title: string } | { kind: "unknown"; hint: string };

export function parseCommand(text: string): ParsedCommand {
  const trimmed = text.trim();
  if (trimmed === "" || /^list$/i.test(trimmed)) return { kind: "list" };
  if (/^help$/i.test(trimmed)) return { kind: "help" };
  const slackUserIds = [...trimmed.matchAll(MENTION)].map((match) => match[1] ?? "");
  const title = trimmed.replace(MENTION, " ").replace(/\s+/g, " ").trim();
  if (slackUserIds.length === 0) {
    return { kind: "unknown", hint: /(^|\s)@\w/.test(trimmed) ? "Pick people from Slack's list as you type @, so that Slack links them." : `I did not understand “${trimmed.slice(0, 80)}”.` };
  }
  if (title === "") return { kind: "unknown", hint: "Say what you are waiting for after the people, as in `/holdup @bob API spec for payments`." };
  return { kind: "create", slackUserIds: [...new Set(slackUserIds)], title: title.slice(0, TITLE_MAX) };
}

export type CommandDeps = SlackDeps & ChangeDependencies & { answers: AnswerCache; config: Pick<Config, "appUrl" | "defaultPlan" | "stripe">; secret: string };

export const NOT_CONNECTED_MESSAGE = "This Slack workspace is not connected to a Holdup team. An owner or admin of your team can connect it in Holdup, under Organization → Integrations.";

/** What the command does and answers; a refusal of Holdup's (a limit, a wrong field) becomes its message. */
export async function runSlashCommand(deps: CommandDeps, command: SlashCommand, now: Date): Promise<SlackReply> {
  const workspace = await workspaceOfSlackTeam(deps, command.team_id);
  if (!workspace) return ephemeral(NOT_CONNECTED_MESSAGE);
  const parsed = parseCommand(command.text);
  if (parsed.kind === "help") return helpReply();
  if (parsed.kind === "unknown") return helpReply(parsed.hint);
  const members = await membersOfSlackUsers(deps, workspace, [command.user_id, ...(parsed.kind === "create" ? parsed.slackUserIds : [])], now);
  const author = members.get(command.user_id);
  if (!author) return unknownPersonReply(deps, workspace, command.user_id, now);
  if (parsed.kind === "list") return listReply(deps.config.appUrl, (await loadDashboard(deps, author, now)).value, now);

  const strangers = parsed.slackUserIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    return ephemeral(`Nothing was logged: ${strangers.map(mention).join(", ")} ${strangers.length === 1 ? "is not a member" : "are not members"} of your Holdup team. Invite them from Holdup first (Organization → Invites).`);
  }
  if (parsed.slackUserIds.includes(command.user_id)) return ephemeral("Nothing was logged: you cannot wait on yourself.");
  const input = createBlockerSchema.safeParse({ title: parsed.title, blockingProfileIds: parsed.slackUserIds.map((id) => members.get(id)?.profileId) });
  if (!input.success) return ephemeral(`Nothing was logged: ${input.error.issues[0]?.message ?? "the blocker is not valid"}.`);
  try {
    const { blocker } = await createBlocker(deps, author, input.data, now, { source: "slack" });
    return createdReply(deps.config.appUrl, blocker, parsed.slackUserIds);
  } catch (error) {
    if (error instanceof Refusal) return ephemeral(`Nothing was logged: ${error.message}`);
    throw error;
  }
}
