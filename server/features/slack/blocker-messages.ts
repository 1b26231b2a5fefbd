// Holdup's messages about a blocker in Slack: a DM sent to someone (a new blocker on them, a nudge, an answer to
// their blocker), kept (slack_messages), and brought up to date in place (chat.update) whenever the blocker changes —
// from the web app, an e-mail link, or a button in another message — so no message keeps buttons that would fail.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers, profiles, slackMessages, slackWorkspaces } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { blockerMessage, CHANNEL_THREAD, CHANNEL_THREAD_TOLD, threadToldEnd, type BlockerMessageState } from "./slack-messages.ts";
import { linkSlackPerson, slackUsersOf } from "./slack-people.ts";
import { slackClient } from "./slack-sdk.ts";
import { clearSlackFailure, recordSlackFailure, workspaceOfTeam, type SlackDeps, type SlackWorkspace } from "./slack-workspaces.ts";

export const UPDATE_SLACK_MESSAGES_QUEUE = "update-slack-messages";

type Reader = { profileId: string | null; heading: string };

/** How the blocker stands for each reader (their part, if it waits on them); undefined when the blocker is gone. */
async function statesFor(db: Database, blockerId: string, readers: Reader[]): Promise<BlockerMessageState[] | undefined> {
  const [blocker] = await db
    .select({ id: blockers.id, title: blockers.title, status: blockers.status, priority: blockers.priority, createdAt: blockers.createdAt, dueAt: blockers.dueAt })
    .from(blockers)
    .where(eq(blockers.id, blockerId));
  if (!blocker) return undefined;
  const parts = await db.select({ profileId: blockingUsers.profileId, status: blockingUsers.status, snoozedUntil: blockingUsers.snoozedUntil }).from(blockingUsers).where(eq(blockingUsers.blockerId, blockerId));
  return readers.map((reader) => {
    const part = parts.find((candidate) => candidate.profileId === reader.profileId);
    return { heading: reader.heading, blocker, myPart: part ? { status: part.status, snoozedUntil: part.snoozedUntil } : null };
  });
}

/** The person's Slack user in the workspace: linked already, or found by their Holdup e-mail address (then linked). */
async function slackUserOf(deps: SlackDeps, workspace: SlackWorkspace, profileId: string, now: Date): Promise<string | undefined> {
  const linked = (await slackUsersOf(deps.db, workspace.teamId, [profileId])).get(profileId);
  if (linked) return linked;
  const [profile] = await deps.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, profileId));
  if (!profile?.email) return undefined;
  const found = await slackClient(deps.slack, deps.logger, workspace.token)
    .users.lookupByEmail({ email: profile.email })
    .catch((error: { data?: { error?: string } }) => {
      if (error.data?.error === "users_not_found") return undefined;
      throw error;
    });
  const slackUserId = found?.user?.id;
  if (!slackUserId || found.user?.deleted || found.user?.is_bot) return undefined;
  await linkSlackPerson(deps.db, workspace.teamId, slackUserId, profileId, now);
  return slackUserId;
}

const slackErrorOf = (error: unknown) => (error as { data?: { error?: string } }).data?.error ?? (error instanceof Error ? error.message : String(error));

/**
 * Sends the person a DM about the blocker, and keeps it for later updates. Answers where it went, or undefined when
 * there is nobody to send it to (the team's Slack gone, the person not in its workspace, the blocker deleted).
 */
export async function sendBlockerDm(deps: SlackDeps, teamId: string, to: { profileId: string; heading: string; kind: string }, blockerId: string, now: Date) {
  const workspace = await workspaceOfTeam(deps, teamId);
  if (!workspace) return undefined;
  try {
    const slackUserId = await slackUserOf(deps, workspace, to.profileId, now);
    const [state] = (await statesFor(deps.db, blockerId, [to])) ?? [];
    if (!slackUserId || !state) return undefined;
    const message = blockerMessage(deps.appUrl, state, now);
    const posted = await slackClient(deps.slack, deps.logger, workspace.token).chat.postMessage({ channel: slackUserId, ...message, unfurl_links: false });
    if (!posted.channel || !posted.ts) throw new Error("Slack did not say where the message went");
    await deps.db.insert(slackMessages).values({ teamId, blockerId, profileId: to.profileId, channel: posted.channel, ts: posted.ts, kind: to.kind, heading: to.heading, createdAt: now });
    await clearSlackFailure(deps.db, teamId);
    return { channel: posted.channel, ts: posted.ts };
  } catch (error) {
    await recordSlackFailure(deps.db, teamId, `chat.postMessage: ${slackErrorOf(error)}`, now);
    throw error;
  }
}

/** Brings every kept message about these blockers up to date (chat.update), each saying how things stand for its reader. */
export async function updateBlockerMessages(deps: SlackDeps, blockerIds: string[], now: Date) {
  if (blockerIds.length === 0) return;
  const kept = await deps.db.select().from(slackMessages).where(inArray(slackMessages.blockerId, blockerIds));
  for (const blockerId of new Set(kept.map((message) => message.blockerId))) {
    const messages = kept.filter((message) => message.blockerId === blockerId);
    const states = (await statesFor(deps.db, blockerId, messages)) ?? [];
    for (const [index, message] of messages.entries()) {
      const state = states[index];
      const workspace = state ? await workspaceOfTeam(deps, message.teamId) : undefined;
      if (!state || !workspace || message.kind === CHANNEL_THREAD_TOLD) continue;
      const client = slackClient(deps.slack, deps.logger, workspace.token);
      try {
        if (message.kind === CHANNEL_THREAD) {
          // Someone's message in a channel, not Holdup's: its thread is told once the blocker has ended.
          if (state.blocker.status === "open") continue;
          await client.chat.postMessage({ channel: message.channel, thread_ts: message.ts, text: threadToldEnd(deps.appUrl, state.blocker) });
          await deps.db.update(slackMessages).set({ kind: CHANNEL_THREAD_TOLD }).where(eq(slackMessages.id, message.id));
          continue;
        }
        await client.chat.update({ channel: message.channel, ts: message.ts, ...blockerMessage(deps.appUrl, state, now) });
      } catch (error) {
        // A message deleted in Slack is forgotten; anything else is Slack failing, shown on the integrations page.
        if (slackErrorOf(error) === "message_not_found" || slackErrorOf(error) === "channel_not_found") await deps.db.delete(slackMessages).where(eq(slackMessages.id, message.id));
        else await recordSlackFailure(deps.db, message.teamId, `chat.update: ${slackErrorOf(error)}`, now);
      }
    }
  }
}

/**
 * In the transaction of a change to blockers of teams with Slack: once it is committed, their messages in Slack are
 * updated and the Home tabs of the people on them republished (slack-workers.ts).
 */
export async function queueSlackUpdates(executor: Pick<Database, "select" | "execute">, jobs: Pick<JobQueue, "insertWithin">, blockerIds: string[]) {
  if (blockerIds.length === 0) return;
  const inSlack = await executor
    .select({ blockerId: blockers.id })
    .from(blockers)
    .innerJoin(slackWorkspaces, eq(slackWorkspaces.teamId, blockers.organizationId))
    .where(inArray(blockers.id, blockerIds));
  await jobs.insertWithin(
    executor,
    inSlack.map(({ blockerId }) => ({ name: UPDATE_SLACK_MESSAGES_QUEUE, data: { blockerId }, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 })),
  );
}

/** The kept DM a button was pressed in, if it is one of Holdup's about that blocker. */
export async function keptMessage(db: Database, channel: string, ts: string) {
  const [message] = await db
    .select()
    .from(slackMessages)
    .where(and(eq(slackMessages.channel, channel), eq(slackMessages.ts, ts)));
  return message;
}
