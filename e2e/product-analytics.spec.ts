// Product analytics of Holdup itself (decision 038), on the e2e server that has POSTHOG_KEY set and sends to a stand-in
// for PostHog's ingestion host (e2e/serve.ts, server/test/posthog-stand-in.ts): nothing loads or leaves before the
// person answers; after "Allow", page views and the named events arrive without a title, a name or an address; after
// "No thanks", nothing; the answer is kept and changed in settings. And on the main server, without the key, PostHog's
// code is never even requested.
import type { APIRequestContext, Page } from "@playwright/test";
import type { PostHogEvent, PostHogRequest } from "../server/test/posthog-stand-in.ts";
import { CAPTURE_PATHS } from "../server/test/posthog-stand-in.ts";
import { seriousViolations } from "./axe";
import { expect, makeEmail, STRONG_PASSWORD, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

const analyticsURL = `http://localhost:${process.env.E2E_ANALYTICS_PORT ?? 3104}`;
const mainURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const posthogHost = `https://localhost:${process.env.E2E_POSTHOG_PORT ?? 3105}`;
/** The file of PostHog's code (a chunk of its own, vite.config.ts), and the consent notice's. */
const POSTHOG_CHUNK = /\/assets\/posthog-[\w-]+\.js$/;
const NOTICE_CHUNK = /\/assets\/consent-notice-[\w-]+\.js$/;
const NOTICE = "Help us improve Holdup?";

/** What the stand-in received from this test's browser (each test's comes from an address of its own, fixtures.ts). */
async function receivedFrom(request: APIRequestContext, headers: Record<string, string> | undefined): Promise<PostHogRequest[]> {
  const client = headers?.["x-forwarded-for"];
  expect(client, "the test's browser names itself").toBeTruthy();
  const response = await request.get(`${posthogHost}/_stand-in/requests`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as PostHogRequest[]).filter((entry) => entry.client === client);
}
const eventsOf = (requests: PostHogRequest[]): PostHogEvent[] => requests.flatMap((entry) => entry.events);
const describe = (event: PostHogEvent) => (event.event === "$pageview" ? `$pageview ${String(event.properties.$pathname)}` : event.event);

/** Every address the page asks for, in order (scripts, fetches, beacons). */
function requestsOf(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return {
    toPostHog: () => urls.filter((url) => url.startsWith(posthogHost)),
    chunks: (pattern: RegExp) => urls.filter((url) => pattern.test(new URL(url).pathname)),
    count: () => urls.length,
  };
}

test.describe("with POSTHOG_KEY set", () => {
  // PostHog drops the events of browsers that look automated (a headless user agent, navigator.webdriver): this one
  // looks as a person's does. The stand-in's certificate is its own (server/test/posthog-stand-in.ts).
  test.use({ baseURL: analyticsURL, ignoreHTTPSErrors: true, userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
  });

  test("nothing is loaded or sent before 'Allow'; then page views and the journey's events arrive, never a title, a name or an e-mail address", async ({ page, extraHTTPHeaders }) => {
    const received = () => receivedFrom(page.request, extraHTTPHeaders);
    const requested = requestsOf(page);
    const email = makeEmail("analytics");
    const outsider = `dana.${Date.now()}@partner.example.com`;
    const fullName = "Avery Quinn";
    const teamName = "Zephyr Analytics Squad";
    const title = "Signed Zephyr vendor contract";

    await page.goto("/login");
    const notice = page.getByRole("region", { name: NOTICE });
    await expect(notice).toBeVisible();
    // Not a dialog: the page works while the question waits.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel("E-mail").fill(email);
    // The notice's code came, PostHog's did not, and nothing went to PostHog (no code of it ran that could send).
    expect(requested.chunks(NOTICE_CHUNK)).toHaveLength(1);
    expect(requested.chunks(POSTHOG_CHUNK)).toEqual([]);
    expect(requested.toPostHog()).toEqual([]);
    expect(await received()).toEqual([]);

    // Answered from the keyboard.
    await notice.getByRole("button", { name: "Allow" }).focus();
    await page.keyboard.press("Enter");
    await expect(notice).toHaveCount(0);
    await expect(page.getByText("Thanks! You can change this any time in Settings.")).toBeVisible();
    expect(requested.chunks(POSTHOG_CHUNK)).toHaveLength(1);

    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    // Received before the page is left: what PostHog still holds when a page unloads goes out as the page goes, and
    // the test could not tell a late delivery from a lost one.
    await expect.poll(async () => eventsOf(await received()).map(describe)).toEqual(["$pageview /signup", "signed up"]);

    await page.goto(linkIn(await receivedMail(page.request, email, "Confirm your e-mail")));
    // The answer is kept: no question on the next pages.
    await page.getByLabel("Full name").fill(fullName);
    await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Team name").fill(teamName);
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Received before the next page is asked for by address (see above); the blocker's page is reached in the app.
    await expect.poll(async () => eventsOf(await received()).map(describe)).toEqual(expect.arrayContaining(["$pageview /onboarding", "onboarded", "$pageview /dashboard"]));
    await page.locator("[data-sidebar=sidebar]").first().getByRole("link", { name: "Add Blocker" }).click();
    await page.getByLabel("What are you waiting for?").fill(title);
    await page.getByLabel("Waiting on", { exact: true }).click();
    await page.getByPlaceholder("Search by name or e-mail…").fill(outsider);
    await page.getByRole("option", { name: `Invite ${outsider} by e-mail` }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("radio", { name: "Urgent" }).check();
    await page.getByRole("button", { name: "Add blocker" }).click();
    await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
    const blockerId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("Blocker resolved.")).toBeVisible();

    await expect
      .poll(async () => eventsOf(await received()).map(describe), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["$pageview /add", "blocker created", "$pageview /blockers/{id}", "blocker resolved"]));
    const sentRequests = await received();
    const events = eventsOf(sentRequests);
    expect(events.find((event) => event.event === "blocker created")?.properties).toMatchObject({ source: "web", priority: "urgent", waiting_on: 1, due: false });
    expect(events.find((event) => event.event === "onboarded")?.properties).toMatchObject({ source: "web", team: "created" });
    expect(events.find((event) => event.event === "blocker resolved")?.properties).toMatchObject({ source: "web", by: "resolve" });

    // Only events, only to the capture endpoint: no feature flags, no remote configuration, no script from PostHog;
    // posthog-js compresses them (gzip), which the stand-in decoded for the checks below.
    expect(sentRequests.some((entry) => entry.encoding === "gzip")).toBe(true);
    expect(sentRequests.filter((entry) => entry.method !== "POST" || !CAPTURE_PATHS.includes(entry.path))).toEqual([]);
    expect(events.every((event) => event.properties.token === "phc_holdup_e2e")).toBe(true);
    // Addresses are this origin and a path, ids replaced: no query string, no fragment.
    for (const event of events) expect(String(event.properties.$current_url), describe(event)).toMatch(new RegExp(`^${analyticsURL}(/[\\w{}-]*)*$`));
    // Nothing anyone wrote, and nothing that names someone (the page's title, which names the blocker, included).
    const sent = sentRequests.map((entry) => entry.body).join("\n");
    for (const secret of [title, "Zephyr", email, outsider, fullName, teamName, blockerId]) expect(sent, secret).not.toContain(secret);
  });

  test("after 'No thanks' nothing is loaded or sent, the answer is kept, and settings turn it on and off again", async ({ page, bob, extraHTTPHeaders }) => {
    const received = () => receivedFrom(page.request, extraHTTPHeaders);
    const requested = requestsOf(page);
    await page.goto("/dashboard");
    const notice = page.getByRole("region", { name: NOTICE });
    await notice.getByRole("button", { name: "No thanks" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByText("Nothing will be sent. You can change this any time in Settings.")).toBeVisible();

    await page.goto("/add");
    await page.getByLabel("What are you waiting for?").fill("Declined analytics blocker");
    await page.getByLabel("Waiting on", { exact: true }).click();
    await page.getByPlaceholder("Search by name or e-mail…").fill("Bob");
    await page.getByRole("option", { name: new RegExp(bob.fullName) }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add blocker" }).click();
    await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Declined analytics blocker" })).toBeVisible();
    await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
    // PostHog's code never came, so nothing of it ran that could send (now or later), and nothing was sent.
    expect(requested.chunks(POSTHOG_CHUNK)).toEqual([]);
    expect(requested.toPostHog()).toEqual([]);
    expect(await received()).toEqual([]);

    // Changed in settings: on, the page view of the settings page is sent, and nothing from before.
    await page.goto("/settings/personal");
    const toggle = page.getByRole("switch", { name: "Share usage with Holdup" });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(page.getByText("On: page views and those actions are sent")).toBeVisible();
    await expect.poll(async () => eventsOf(await received()).map(describe)).toEqual(["$pageview /settings/personal"]);

    // Off again: PostHog's id for this browser is forgotten, and what happens next is not sent…
    await toggle.uncheck();
    await expect(page.getByText("Off: nothing is sent.")).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((name) => name.includes("phc_holdup_e2e")))).toEqual([]);
    await page.locator("[data-sidebar=sidebar]").first().getByRole("link", { name: "Resolved Blockers" }).click();
    await expect(page).toHaveURL(/\/resolved$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/personal$/);
    // …which the next "on" shows: PostHog sends in order, so had the resolved page's view been queued, it would come
    // before the settings page's, which arrives alone.
    await page.getByRole("switch", { name: "Share usage with Holdup" }).check();
    await expect.poll(async () => eventsOf(await received()).map(describe)).toEqual(["$pageview /settings/personal", "$pageview /settings/personal"]);
  });

  for (const [width, colorScheme] of [[375, "light"], [375, "dark"], [1280, "dark"]] as const) {
    test(`the notice is a labelled region reachable by keyboard, fitting ${width} px, with no serious axe violation (${colorScheme})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.emulateMedia({ colorScheme });
      await page.goto("/login");
      const notice = page.getByRole("region", { name: NOTICE });
      await expect(notice).toBeVisible();
      const box = await notice.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      // Tab reaches its buttons after the page's own controls, and leaves them again: no trap.
      const decline = notice.getByRole("button", { name: "No thanks" });
      for (let presses = 0; presses < 20 && !(await decline.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press("Tab");
      await expect(decline).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(notice.getByRole("button", { name: "Allow" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(notice.getByRole("button", { name: "Allow" })).not.toBeFocused();
    });
  }
});

test.describe("without POSTHOG_KEY", () => {
  test.use({ baseURL: mainURL });

  test("no notice, no setting, and neither PostHog's code nor the notice's is ever requested", async ({ page, bob }) => {
    const requested = requestsOf(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: /^Hello/ })).toBeVisible();
    await page.goto("/add");
    await page.getByLabel("What are you waiting for?").fill("Blocker with analytics off");
    await page.getByLabel("Waiting on", { exact: true }).click();
    await page.getByPlaceholder("Search by name or e-mail…").fill("Bob");
    await page.getByRole("option", { name: new RegExp(bob.fullName) }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add blocker" }).click();
    await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("Blocker resolved.")).toBeVisible();
    await page.goto("/settings/personal");
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Product analytics" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
    await expect(page.locator('meta[name^="holdup-analytics"]')).toHaveCount(0);
    expect(requested.count()).toBeGreaterThan(10);
    expect(requested.chunks(POSTHOG_CHUNK)).toEqual([]);
    expect(requested.chunks(NOTICE_CHUNK)).toEqual([]);
  });
});
