// What people press in Holdup's Slack messages: Mark done, Snooze until tomorrow, Decline… (a form asking why), on a DM or
// on `/holdup list`. Each is the same operation as the web app's, as the member the Slack user is; the message then
// says what was done (a DM is updated in place, the list is given again). A refusal (the part answered a moment
// before elsewhere, the person no longer in the team) is said to the person alone, and the message brought up to date.
import type { ModalView } from "@slack/web-api";
import { z } from "zod";
import { blockerPriorities, DECLINE_REASON_MAX, DESCRIPTION_MAX, TITLE_MAX } from "../../../common/blocker-values.ts";
import { createBlockerSchema, declineSchema } from "../../../common/blockers.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import { LOG_MESSAGE_SHORTCUT } from "./slack-manifest.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { loadDashboard } from "../blockers/list-dashboard.ts";
import { decline, markDone, snooze } from "../blockers/respond-to-blocker.ts";
import { keptMessage, updateBlockerMessages } from "./blocker-messages.ts";
import { unknownPersonReply } from "./connect-link.ts";
import { postToResponseUrl, type SlackReplyDeps } from "./reply-in-time.ts";
import { slackIdSchema } from "./slack-ids.ts";
import { BLOCKER_ACTIONS, createdReply, ephemeral, listReply, plainText, type SlackReply } from "./slack-messages.ts";
import { memberOfSlackUser, membersOfSlackUsers } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import { workspaceOfSlackTeam, type SlackWorkspace } from "./slack-workspaces.ts";
import type { CommandDeps } from "./slash-command.ts";

export const DECLINE_VIEW = "holdup_decline";
export const LOG_MESSAGE_VIEW = "holdup_log_message_form";

const responseUrlSchema = z.url({ protocol: /^https?$/, error: "Not a response URL" }).max(2000);
const blockActionsSchema = z.object({
  type: z.literal("block_actions"),
  team: z.object({ id: slackIdSchema }),
  user: z.object({ id: slackIdSchema }),
  trigger_id: z.string().max(200).optional(),
  response_url: responseUrlSchema.optional(),
  container: z.looseObject({ type: z.string().max(50), channel_id: slackIdSchema.optional(), message_ts: z.string().max(40).optional(), is_ephemeral: z.boolean().optional() }).optional(),
  actions: z.array(z.looseObject({ action_id: z.string().max(255), value: z.string().max(2000).optional() })).min(1).max(10),
});
const messageActionSchema = z.object({
  type: z.literal("message_action"),
  callback_id: z.string().max(255),
  trigger_id: z.string().max(200),
  team: z.object({ id: slackIdSchema }),
  user: z.object({ id: slackIdSchema }),
  channel: z.object({ id: slackIdSchema }),
  message: z.looseObject({ ts: z.string().max(40), text: z.string().max(40_000).optional() }),
});
const inputValueSchema = z.looseObject({
  value: z.string().max(5000).nullish(),
  selected_user: slackIdSchema.nullish(),
  selected_users: z.array(slackIdSchema).max(20).nullish(),
  selected_option: z.looseObject({ value: z.string().max(50) }).nullish(),
});
const viewSubmissionSchema = z.object({
  type: z.literal("view_submission"),
  team: z.object({ id: slackIdSchema }),
  user: z.object({ id: slackIdSchema }),
  view: z.looseObject({ callback_id: z.string().max(255), private_metadata: z.string().max(3000), state: z.object({ values: z.record(z.string().max(255), z.record(z.string().max(255), inputValueSchema)) }) }),
});
/** Those Holdup acts on, whole; any other kind Slack may send is acknowledged and ignored. */
const otherInteractionSchema = z.looseObject({ type: z.string().max(100).refine((type) => !["block_actions", "view_submission", "message_action"].includes(type), "Not a complete interaction of this type") });
export const interactionSchema = z.union([blockActionsSchema, viewSubmissionSchema, messageActionSchema, otherInteractionSchema]);
export type Interaction = z.infer<typeof interactionSchema>;

/** Where the pressed button was: a DM of Holdup's (updated in place), or an ephemeral answer (given again). */
const originSchema = z.object({ blockerId: z.uuid(), channel: slackIdSchema.optional(), ts: z.string().max(40).optional(), responseUrl: responseUrlSchema.optional() });
type Origin = z.infer<typeof originSchema>;

type InteractionDeps = CommandDeps & SlackReplyDeps;

/** The pressed message brought up to date: a kept DM by chat.update, a `/holdup list` answer by giving it again. */
async function refreshOrigin(deps: InteractionDeps, member: Member, origin: Origin, now: Date, notice?: string) {
  const kept = origin.channel && origin.ts ? await keptMessage(deps.db, origin.channel, origin.ts) : undefined;
  if (kept) await updateBlockerMessages(deps, [kept.blockerId], now);
  else if (origin.responseUrl) {
    const list = listReply(deps.config.appUrl, (await loadDashboard(deps, member, now)).value, now);
    await postToResponseUrl(deps.responseOrigins, origin.responseUrl, { ...list, replace_original: true });
  }
  if (notice && origin.responseUrl) await postToResponseUrl(deps.responseOrigins, origin.responseUrl, { ...ephemeral(notice), replace_original: false });
}

/** Runs one of the blocker's operations as the member; a refusal becomes a notice to them alone. */
async function act(deps: InteractionDeps, member: Member, origin: Origin, now: Date, operation: () => Promise<unknown>) {
  try {
    await operation();
    await refreshOrigin(deps, member, origin, now);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await refreshOrigin(deps, member, origin, now, `Nothing was changed: ${error.message}`);
  }
}

function declineView(origin: Origin): ModalView {
  return {
    type: "modal",
    callback_id: DECLINE_VIEW,
    private_metadata: JSON.stringify(origin),
    title: { type: "plain_text", text: "Decline" },
    submit: { type: "plain_text", text: "Decline" },
    close: { type: "plain_text", text: "Cancel" },
    blocks: [
      { type: "input", block_id: "reason", label: { type: "plain_text", text: "Why is it not yours?" }, element: { type: "plain_text_input", action_id: "reason", multiline: true, max_length: DECLINE_REASON_MAX, placeholder: { type: "plain_text", text: "Not mine — ask Dana" } } },
      { type: "input", block_id: "suggested", optional: true, label: { type: "plain_text", text: "Who should it go to?" }, element: { type: "users_select", action_id: "suggested" } },
    ],
  };
}

async function pressButton(deps: InteractionDeps, workspace: SlackWorkspace, member: Member, payload: z.infer<typeof blockActionsSchema>, now: Date) {
  const [action] = payload.actions;
  const blockerId = z.uuid().safeParse(action?.value);
  if (!action || !blockerId.success) return;
  const origin: Origin = { blockerId: blockerId.data, channel: payload.container?.is_ephemeral ? undefined : payload.container?.channel_id, ts: payload.container?.is_ephemeral ? undefined : payload.container?.message_ts, responseUrl: payload.response_url };
  switch (action.action_id) {
    case BLOCKER_ACTIONS.done:
      return act(deps, member, origin, now, () => markDone(deps, member, origin.blockerId, now));
    case BLOCKER_ACTIONS.snooze:
      // The start of the person's next working day, as the app's "Tomorrow" and the e-mail's link (common/snooze.ts).
      return act(deps, member, origin, now, () => snooze(deps, member, origin.blockerId, { choice: "tomorrow" }, now));
    case BLOCKER_ACTIONS.decline:
      if (payload.trigger_id) await slackClient(deps.slack, deps.logger, workspace.token).views.open({ trigger_id: payload.trigger_id, view: declineView(origin) });
      return;
    default:
      // "Open in Holdup" is a link: Slack tells Holdup it was pressed, and there is nothing to do.
      return;
  }
}

/** What Holdup kept in a form it opened (its private_metadata, JSON), read back as `schema` says. */
function formMetadata<Schema extends z.ZodType>(schema: Schema, payload: z.infer<typeof viewSubmissionSchema>) {
  let metadata: unknown;
  try {
    metadata = JSON.parse(payload.view.private_metadata);
  } catch {
    metadata = undefined;
  }
  return schema.safeParse(metadata);
}

/** The decline form, sent: declined with its reason (and the person it should go to), or the form says what is wrong. */
async function submitDecline(deps: InteractionDeps, workspace: SlackWorkspace, member: Member, payload: z.infer<typeof viewSubmissionSchema>, now: Date) {
  const origin = formMetadata(originSchema, payload);
  if (!origin.success) return { response_action: "errors", errors: { reason: "This form is out of date. Close it and press Decline again." } };
  const values = payload.view.state.values;
  const suggestedSlackUser = values.suggested?.suggested?.selected_user ?? undefined;
  const suggested = suggestedSlackUser ? (await membersOfSlackUsers(deps, workspace, [suggestedSlackUser], now)).get(suggestedSlackUser) : undefined;
  if (suggestedSlackUser && !suggested) return { response_action: "errors", errors: { suggested: "Choose someone from your Holdup team" } };
  const input = declineSchema.safeParse({ reason: values.reason?.reason?.value ?? "", suggestedProfileId: suggested?.profileId });
  if (!input.success) return { response_action: "errors", errors: { reason: input.error.issues[0]?.message ?? "Say why" } };
  try {
    await decline(deps, member, origin.data.blockerId, input.data, now);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { response_action: "errors", errors: { [error.code === "validation_failed" ? "suggested" : "reason"]: error.message } };
  }
  await refreshOrigin(deps, member, origin.data, now);
  return undefined;
}

/**
 * Answers what Slack posted: the body of the HTTP answer (a form's errors), or undefined for an empty 200. Anything
 * to tell the person goes through the response_url.
 */
export async function receiveInteraction(deps: InteractionDeps, interaction: Interaction, now: Date): Promise<Record<string, unknown> | undefined> {
  const actions = blockActionsSchema.safeParse(interaction);
  const submission = viewSubmissionSchema.safeParse(interaction);
  const shortcut = messageActionSchema.safeParse(interaction);
  const from = actions.success ? actions.data : submission.success ? submission.data : shortcut.success ? shortcut.data : undefined;
  if (!from) return undefined;
  const workspace = await workspaceOfSlackTeam(deps, from.team.id);
  const responseUrl = actions.success ? actions.data.response_url : undefined;
  const tell = async (reply: SlackReply) => {
    if (responseUrl) await postToResponseUrl(deps.responseOrigins, responseUrl, { ...reply, replace_original: false });
  };
  if (!workspace) return void (await tell(ephemeral("This Slack workspace is no longer connected to a Holdup team.")));
  const member = await memberOfSlackUser(deps, workspace, from.user.id, now);
  if (!member) {
    if (submission.success) return { response_action: "errors", errors: { reason: "Holdup does not know you: use /holdup to connect your account." } };
    return void (await tell(await unknownPersonReply(deps, workspace, from.user.id, now)));
  }
  if (actions.success) return void (await pressButton(deps, workspace, member, actions.data, now));
  if (submission.success && submission.data.view.callback_id === DECLINE_VIEW) return submitDecline(deps, workspace, member, submission.data, now);
  if (submission.success && submission.data.view.callback_id === LOG_MESSAGE_VIEW) return submitLogMessage(deps, workspace, member, submission.data, now);
  if (shortcut.success && shortcut.data.callback_id === LOG_MESSAGE_SHORTCUT) {
    await slackClient(deps.slack, deps.logger, workspace.token).views.open({ trigger_id: shortcut.data.trigger_id, view: logMessageView(shortcut.data.channel.id, shortcut.data.message) });
  }
  return undefined;
}

/** "Log as blocker" on a message: a form with the message's text as the title, the people to pick, and a priority. */
function logMessageView(channel: string, message: { ts: string; text?: string }): ModalView {
  const text = plainText(message.text ?? "").replace(/\s+/g, " ").trim();
  const options = blockerPriorities.map((priority) => ({ text: { type: "plain_text" as const, text: priority[0]?.toUpperCase() + priority.slice(1) }, value: priority }));
  return {
    type: "modal",
    callback_id: LOG_MESSAGE_VIEW,
    private_metadata: JSON.stringify({ channel, ts: message.ts, text: (message.text ?? "").slice(0, 2500) }),
    title: { type: "plain_text", text: "Log as blocker" },
    submit: { type: "plain_text", text: "Log blocker" },
    close: { type: "plain_text", text: "Cancel" },
    blocks: [
      { type: "input", block_id: "title", label: { type: "plain_text", text: "What are you waiting for?" }, element: { type: "plain_text_input", action_id: "title", max_length: TITLE_MAX, initial_value: text.slice(0, TITLE_MAX) } },
      { type: "input", block_id: "people", label: { type: "plain_text", text: "Waiting on" }, element: { type: "multi_users_select", action_id: "people", max_selected_items: 20 } },
      { type: "input", block_id: "priority", label: { type: "plain_text", text: "Priority" }, element: { type: "static_select", action_id: "priority", options, initial_option: options.find((option) => option.value === "normal") } },
    ],
  };
}

const logMetadataSchema = z.object({ channel: slackIdSchema, ts: z.string().max(40), text: z.string().max(2500) });

/** The form sent: the blocker logged with the message's permalink as its link, or the form says what is wrong. */
async function submitLogMessage(deps: InteractionDeps, workspace: SlackWorkspace, member: Member, payload: z.infer<typeof viewSubmissionSchema>, now: Date) {
  const metadata = formMetadata(logMetadataSchema, payload);
  if (!metadata.success) return { response_action: "errors", errors: { title: "This form is out of date. Close it and log the message again." } };
  const values = payload.view.state.values;
  const slackUserIds = values.people?.people?.selected_users ?? [];
  const people = await membersOfSlackUsers(deps, workspace, slackUserIds, now);
  const strangers = slackUserIds.filter((id) => !people.has(id));
  if (strangers.length > 0) return { response_action: "errors", errors: { people: "Choose people from your Holdup team" } };
  if (slackUserIds.includes(payload.user.id)) return { response_action: "errors", errors: { people: "You cannot wait on yourself" } };
  const permalink = await slackClient(deps.slack, deps.logger, workspace.token)
    .chat.getPermalink({ channel: metadata.data.channel, message_ts: metadata.data.ts })
    .then((answer) => answer.permalink)
    .catch(() => undefined);
  const input = createBlockerSchema.safeParse({
    title: values.title?.title?.value ?? "",
    description: plainText(metadata.data.text).slice(0, DESCRIPTION_MAX) || undefined,
    linkUrl: permalink,
    priority: values.priority?.priority?.selected_option?.value ?? "normal",
    blockingProfileIds: slackUserIds.map((id) => people.get(id)?.profileId),
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    return { response_action: "errors", errors: { [issue?.path[0] === "blockingProfileIds" ? "people" : "title"]: issue?.message ?? "Not valid" } };
  }
  let blocker: { id: string; title: string };
  try {
    ({ blocker } = await createBlocker(deps, member, input.data, now, { source: "slack", externalRef: `${metadata.data.channel}/${metadata.data.ts}` }));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { response_action: "errors", errors: { title: error.message } };
  }
  // The form closes; the person is told where the blocker is, beside the message (to them alone).
  await slackClient(deps.slack, deps.logger, workspace.token)
    .chat.postEphemeral({ channel: metadata.data.channel, user: payload.user.id, ...createdReply(deps.config.appUrl, blocker, slackUserIds) })
    .catch((error: unknown) => deps.logger.warn("The confirmation of a blocker logged from a message could not be posted", error));
  return undefined;
}
