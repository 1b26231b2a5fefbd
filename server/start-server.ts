// Starts everything in order: database (with migrations) → mail → auth → HTTP. Used by main.ts, the tests and the benchmarks.
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { resolveAuthSecret } from "./auth/auth-secret.ts";
import { createEndedSessions } from "./auth/ended-sessions.ts";
import { createDeviceSessionReader } from "./auth/device-session.ts";
import { createSessionReader } from "./auth/session-reader.ts";
import { createSessionToucher } from "./auth/touch-session.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { member, profiles } from "./db/schema.ts";
import { endMembership, type EndedMembership } from "./features/team/end-membership.ts";
import type { AppDependencies, Clock } from "./http/app-env.ts";
import { createAnswerCache } from "./http/answer-cache.ts";
import { createClientResolver } from "./http/client-address.ts";
import { createLogger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { startEmailDeliveries } from "./features/notifications/deliver-email.ts";
import { finishLateSlackWork } from "./features/slack/reply-in-time.ts";
import { startSlackWorkers } from "./features/slack/slack-workers.ts";
import { startReminderEngine } from "./features/reminders/reminder-engine.ts";
import type { HostResolver } from "./features/webhooks/send-webhook.ts";
import { startWebhookWorkers } from "./features/webhooks/webhook-workers.ts";
import { startJobQueue, type EmailRetries } from "./jobs/job-queue.ts";
import { createEventHub } from "./realtime/event-hub.ts";
import { createStreamLimits } from "./realtime/stream-limits.ts";
import { keepIdleConnectionsLongerThanClients } from "./http/keep-alive.ts";
import { createAvatarStore } from "./storage/avatar-store.ts";

export type RunningServer = { url: string; port: number; deps: AppDependencies; stop: () => Promise<void> };

export const systemClock: Clock = { now: () => new Date() };

/**
 * `emailRetries`: how failing e-mails are tried again (tests shorten the waits). `scheduleReminders: false`: the
 * reminder engine runs only when asked (tests move their own clock and send what is due themselves), as does the sweep of
 * webhook retries. `resolveHost`: how webhooks' host names are resolved (the system's resolver unless a test says).
 */
export async function startServer(config: Config, options: { webDir?: string; clock?: Clock; emailRetries?: EmailRetries; scheduleReminders?: boolean; resolveHost?: HostResolver } = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const clock = options.clock ?? systemClock;
  const events = await createEventHub(database, logger, clock);
  const jobs = await startJobQueue(database, logger, { emailRetries: options.emailRetries, batchSeconds: config.emailBatchSeconds });
  const onMembershipEnded = (ended: EndedMembership) => endMembership({ db: database.db, events, jobs }, ended, clock.now());
  // Someone joined, or their role changed: what is kept is stale, and every open screen of the team reads it again.
  const onMembershipChanged = async ({ userId, teamId }: EndedMembership) => {
    await events.changedData(database.db, { teamIds: [teamId], userIds: [userId] });
    await events.publishToTeam(database.db, { kind: "team", teamId });
  };
  // A session that ends stops working at once, on every instance, its event streams included (decision 032).
  const endedSessions = createEndedSessions();
  events.onSessionsEnded(endedSessions.mark);
  const onSessionEnded = async ({ userId, sessionId }: { userId: string; sessionId: string }) => {
    const [profile] = await database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.authId, userId));
    await events.endSessions(database.db, { userId, profileId: profile?.id, sessionIds: [sessionId] });
  };
  const onAccountChanged = async (userId: string) => {
    const teams = await database.db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId));
    await events.changedData(database.db, { userIds: [userId], teamIds: teams.map((team) => team.id) });
  };
  const auth = createAuth({ config, secret, db: database.db, mailer, logger, onMembershipEnded, onMembershipChanged, onAccountChanged, onSessionEnded });
  const touchSession = createSessionToucher({ db: database.db, clock, logger });
  const readSession = createSessionReader({
    auth,
    secret,
    secureCookies: config.appUrl.startsWith("https:"),
    now: () => clock.now().getTime(),
    endedSessions,
    onRead: touchSession,
  });
  const readDeviceSession = createDeviceSessionReader({ db: database.db, clock, onRead: touchSession });
  const clientAddressOf = createClientResolver(config.trustedProxies);
  const answers = createAnswerCache(events.versions, clock);
  const avatars = createAvatarStore(config);
  const streams = createStreamLimits({ total: config.liveStreamsMax });
  const deps: AppDependencies = { config, db: database.db, auth, secret, readSession, readDeviceSession, endedSessions, mailer, avatars, events, streams, jobs, answers, logger, clock, clientAddressOf };
  const stopDeliveries = await startEmailDeliveries(deps);
  const stopSlackWorkers = await startSlackWorkers(deps);
  const stopReminders = await startReminderEngine(deps, { schedule: options.scheduleReminders ?? true });
  const stopWebhooks = await startWebhookWorkers(deps, { schedule: options.scheduleReminders ?? true, resolve: options.resolveHost });
  const app = createApp(deps, { webDir: options.webDir });

  const stopWork = async () => {
    await events.close(); // ends the open event streams, which would otherwise keep the server from closing
    await finishLateSlackWork();
    await stopReminders();
    await stopDeliveries();
    await stopSlackWorkers();
    await stopWebhooks();
    await jobs.stop();
  };

  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: config.port }, () => resolve(started));
      started.once("error", reject);
    });
  } catch (error) {
    // The port is taken (EADDRINUSE): nothing started is left running, so the caller may try another port.
    await stopWork();
    mailer.close();
    await database.close();
    throw error;
  }
  keepIdleConnectionsLongerThanClients(server as Server);
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await stopWork();
      (server as Server).closeIdleConnections();
      await closed;
      mailer.close();
      await database.close();
    })());

  return { url: `http://localhost:${port}`, port, deps, stop };
}
