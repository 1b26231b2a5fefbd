// The job queue's webhook workers: deliveries (several batches side by side, each delivery of a batch side by side),
// the sweep every minute that queues what is due again (pg-boss's cron; `schedule: false` in tests, which move their
// clock and sweep themselves), and the e-mails that say an endpoint was turned off.
import { and, eq, inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { paths } from "../../../common/paths.ts";
import { member, organization, profiles } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { emailTemplates } from "../../mail/templates.ts";
import { deliverWebhooks, queueDueWebhookRetries, WEBHOOK_DISABLED_EMAIL_QUEUE, type WebhookDisabledEmail } from "./deliver-webhooks.ts";
import { DELIVER_WEBHOOK_QUEUE, webhooksServe, type DeliverWebhookJob } from "./queue-deliveries.ts";
import { systemResolver, type HostResolver } from "./send-webhook.ts";

export const RETRY_WEBHOOKS_QUEUE = "retry-webhooks";
/** Deliveries taken from the queue at once, and batches worked on side by side. */
const BATCH_SIZE = 25;
const WORKERS = 4;

type Deps = Pick<AppDependencies, "db" | "clock" | "config" | "logger" | "secret" | "jobs" | "mailer">;

/** The endpoint as the e-mail names it: where it is, without its query (which may carry a token). */
const shownEndpoint = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** Sends one "webhook turned off" e-mail, if its reader is still an owner or admin of the team. */
async function sendDisabledEmail(deps: Deps, email: WebhookDisabledEmail) {
  const [reader] = await deps.db
    .select({ email: profiles.email, teamName: organization.name })
    .from(profiles)
    .innerJoin(member, and(eq(member.userId, profiles.authId), eq(member.organizationId, email.teamId), inArray(member.role, ["owner", "admin"])))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(profiles.id, email.profileId));
  if (!reader) return;
  const content = await emailTemplates.webhookDisabled({
    teamName: reader.teamName,
    endpoint: shownEndpoint(email.url),
    failingSince: new Date(email.failingSince).toUTCString(),
    integrationsUrl: `${deps.config.appUrl}${paths.organizationIntegrations}?${new URLSearchParams({ team: email.teamId }).toString()}`,
  });
  // The same Message-ID on every try: a retry after the SMTP server took it is shown once.
  const messageId = `<webhook-disabled.${email.endpointId}.${new Date(email.disabledAt).getTime()}.${email.profileId}@${new URL(deps.config.appUrl).hostname}>`;
  await deps.mailer.send({ to: reader.email, ...content, messageId, date: deps.clock.now() });
}

export async function startWebhookWorkers(deps: Deps, options: { schedule: boolean; resolve?: HostResolver }) {
  const { boss } = deps.jobs;
  const webhookDeps = { ...deps, resolve: options.resolve ?? systemResolver };
  webhooksServe(deps.jobs, deps.config.appUrl);
  await boss.createQueue(DELIVER_WEBHOOK_QUEUE);
  await boss.createQueue(WEBHOOK_DISABLED_EMAIL_QUEUE);
  await boss.createQueue(RETRY_WEBHOOKS_QUEUE, { name: RETRY_WEBHOOKS_QUEUE, expireInSeconds: 300, retryLimit: 0 });
  if (options.schedule) {
    await boss.schedule(RETRY_WEBHOOKS_QUEUE, "* * * * *");
    await boss.send(RETRY_WEBHOOKS_QUEUE, {});
  } else {
    await boss.unschedule(RETRY_WEBHOOKS_QUEUE);
  }
  const workers: string[] = [];
  const deliver = (index: number) => async (jobs: PgBoss.Job<DeliverWebhookJob>[]) => {
    await deliverWebhooks(webhookDeps, jobs.map((job) => job.data));
    // A full batch means more are waiting (a burst of events): fetch again now rather than after the poll interval.
    if (jobs.length === BATCH_SIZE) boss.notifyWorker(workers[index] ?? "");
  };
  for (let index = 0; index < WORKERS; index++) workers.push(await deps.jobs.work(DELIVER_WEBHOOK_QUEUE, { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 }, deliver(index)));
  workers.push(
    await deps.jobs.work(RETRY_WEBHOOKS_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      const queued = await queueDueWebhookRetries(webhookDeps, deps.clock.now());
      if (queued > 0) deps.logger.info(`Webhooks: ${queued} deliveries due again`);
    }),
  );
  workers.push(await deps.jobs.work(WEBHOOK_DISABLED_EMAIL_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]: PgBoss.Job<WebhookDisabledEmail>[]) => job && sendDisabledEmail(deps, job.data)));
  return async () => {
    for (const id of workers) await boss.offWork({ id });
  };
}
