import { defineConfig } from "@playwright/test";
import { findChromium } from "./e2e/chromium-path.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3101);
/** A second server with payments through a Stripe stand-in (e2e/serve.ts): the upgrade journeys. */
const billingPort = Number(process.env.E2E_BILLING_PORT ?? 3102);
/** Slack's stand-in, which the main server talks to (e2e/serve.ts). */
const slackPort = Number(process.env.E2E_SLACK_PORT ?? 3103);
/** A third server with product analytics, and the stand-in for PostHog it sends to (e2e/serve.ts). */
const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? 3104);
const posthogPort = Number(process.env.E2E_POSTHOG_PORT ?? 3105);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  // Two spec files at a time, one per core: 13.7 minutes on one worker, 10.8 on two, on this two-core machine; three
  // made each test so slow on the busy cores that it was no faster (decision 047). Each test's browser comes from an
  // address of its own (fixtures.ts), so the limits that count per client never count two tests together.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A guard against a hang, not a speed target: two tests at once on two cores take up to twice as long as one alone,
  // and a test that loads several pages through axe marks itself slow (three times this).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report gives each spec file's time to `npm run test:timings` (docs/testing.md).
  reporter: [["list"], ["json", { outputFile: "test-results/timings/e2e.json" }], ...(process.env.CI ? [["html", { open: "never", outputFolder: "test-results/e2e-report" }] as const] : [])],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    url: `http://localhost:${port}/api/health`,
    // Webhooks may call the receivers the tests start on this machine (e2e/webhooks.spec.ts).
    env: { WEBHOOKS_ALLOW_PRIVATE: "true", E2E_PORT: String(port), E2E_MAILBOX_PORT: String(mailboxPort), E2E_BILLING_PORT: String(billingPort), E2E_SLACK_PORT: String(slackPort), E2E_ANALYTICS_PORT: String(analyticsPort), E2E_POSTHOG_PORT: String(posthogPort) },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
