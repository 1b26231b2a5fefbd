// The servers the e2e tests run against: the built app on fresh data directories, sending real e-mail to an SMTP
// server started here. The tests read that mail through a small mailbox endpoint (the browser tests run in
// another process): GET /next?to=ADDRESS&subject=TEXT answers with the first matching mail, waiting for it. Each
// change's e-mail goes at once and alone (EMAIL_BATCH_SECONDS=0), as the journeys read them; the batching of a
// person's changes is the server suite's (server/features/notifications/email-batches.test.ts).
// - E2E_PORT (3100): Holdup as `npm start` runs it with nothing configured but SMTP: every team on Plus.
//   Slack is connected through a stand-in speaking Slack's Web API and OAuth (server/test/slack-stand-in.ts) on
//   E2E_SLACK_PORT (3103).
// - E2E_BILLING_PORT (3102): the same with payments through Stripe, reached through a local stand-in speaking Stripe's
//   protocol (server/test/stripe-stand-in.ts): teams start on Free, Checkout's page pays and comes back.
// - E2E_ANALYTICS_PORT (3104): the same with product analytics (POSTHOG_KEY), sending to a stand-in for PostHog's
//   ingestion host (server/test/posthog-stand-in.ts, https) on E2E_POSTHOG_PORT (3105): every page asks for consent,
//   so it is a server of its own and the other journeys never see the question.
import fs from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { keepIdleConnectionsLongerThanClients } from "../server/http/keep-alive.ts";
import { startServer } from "../server/start-server.ts";
import { copyPgliteTemplate } from "../server/test/database-templates.ts";
import { startMailCatcher } from "../server/test/mail-catcher.ts";
import { startPostHogStandIn } from "../server/test/posthog-stand-in.ts";
import { startSlackStandIn } from "../server/test/slack-stand-in.ts";
import { startStripeStandIn } from "../server/test/stripe-stand-in.ts";

const webDir = path.resolve("dist/web");
const mail = await startMailCatcher();
const dataDirs: string[] = [];
const serverOn = async (port: string | undefined, environment: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-e2e-"));
  dataDirs.push(dataDir);
  // A migrated database copied, not made three times over (server/test/database-templates.ts).
  await copyPgliteTemplate(dataDir);
  return startServer(loadConfig({ ...process.env, PORT: port, DATA_DIR: dataDir, SMTP_URL: mail.url, LOG_LEVEL: "warn", TRUST_PROXY: "loopback", EMAIL_BATCH_SECONDS: "0", ...environment }), { webDir });
};

const STRIPE_WEBHOOK_SECRET = "whsec_holdup_e2e";
const stripe = await startStripeStandIn({ webhookSecret: STRIPE_WEBHOOK_SECRET });
// Started first: Playwright waits for the main server's address alone.
const billing = await serverOn(process.env.E2E_BILLING_PORT ?? "3102", { STRIPE_SECRET_KEY: "sk_test_holdup", STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
stripe.setWebhookUrl(`${billing.url}/api/billing/stripe/webhook`);
const posthog = await startPostHogStandIn({ port: Number(process.env.E2E_POSTHOG_PORT ?? 3105) });
const analytics = await serverOn(process.env.E2E_ANALYTICS_PORT ?? "3104", { POSTHOG_KEY: "phc_holdup_e2e", POSTHOG_HOST: posthog.url });
const slack = await startSlackStandIn({ port: Number(process.env.E2E_SLACK_PORT ?? 3103), workspace: { name: "Acme Corp" } });
const server = await serverOn(process.env.E2E_PORT ?? "3100", slack.environment);

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://mailbox");
  const to = url.searchParams.get("to") ?? "";
  const subject = url.searchParams.get("subject") ?? "";
  mail
    .waitFor(to, (message) => message.subject.includes(subject))
    .then((message) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message)))
    .catch((error: Error) => response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: error.message })));
});
// Its connections kept open as Holdup's are: Node's 5 s once closed one under a test's next request (ECONNRESET).
keepIdleConnectionsLongerThanClients(mailbox);
mailbox.listen(Number(process.env.E2E_MAILBOX_PORT ?? 3101), "127.0.0.1");
console.log(`e2e servers ready on ${server.url}, with Stripe, ${billing.url}, and with product analytics, ${analytics.url}`);

const stop = async () => {
  mailbox.close();
  await server.stop();
  await billing.stop();
  await analytics.stop();
  await posthog.close();
  await stripe.close();
  await slack.close();
  await mail.close();
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
