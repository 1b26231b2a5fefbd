// Insights (issue #13): a team with a little history opens both reports, changes the range and a filter (the address
// follows, the back button undoes), downloads a CSV, and opens a blocker from the timeline; axe finds nothing in light
// or dark; each page leaves a screenshot in the artifacts. The first week (issue #27, item 10; decision 050): what each
// report will show and from when, a sample marked as made up, thin bars, figures on one line at 375 px; screens of it
// go to test-results/screens/, or to SCREENS_DIR (`SCREENS_DIR=docs/screens/after npx playwright test e2e/insights.spec.ts`).
import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { seriousViolations, settledColours } from "./axe";
import { call, expect, logBlocker, test } from "./fixtures";

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

test("the team's report and mine: range, filter and back, a CSV, the timeline to a blocker, axe light and dark", async ({ page, baseURL, bob, carol }, testInfo) => {
  test.slow();
  const origin = baseURL ?? "";
  // History: one blocker Bob finished, one on Carol still open (urgent), one on Bob cancelled.
  const paymentsSpec = await logBlocker(page.request, origin, "Payments spec", [bob.fullName]);
  await call(bob.page.request, origin, "post", `/api/blockers/${paymentsSpec}/done`, {});
  const people = (await call(page.request, origin, "get", "/api/people")) as unknown as { id: string; fullName: string }[];
  const carolsId = people.find((person) => person.fullName === carol.fullName)?.id;
  await call(page.request, origin, "post", "/api/blockers", { title: "Design review", blockingProfileIds: [carolsId], priority: "urgent" });
  const legal = await logBlocker(page.request, origin, "Legal sign-off", [bob.fullName]);
  await call(page.request, origin, "post", `/api/blockers/${legal}/cancel`, {});

  // The charts' library comes with the reports only: none of the scripts the dashboard loads holds it.
  const scriptsWithCharts: string[] = [];
  page.on("response", async (response) => {
    if (!new URL(response.url()).pathname.endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    if (body.includes("recharts-bar-rectangle")) scriptsWithCharts.push(response.url());
  });
  await page.goto("/dashboard");
  await expect(page.getByTestId("waiting-on-me")).toBeVisible();
  await expect(page.getByTestId("waiting-on-me-list")).toBeVisible();
  expect(scriptsWithCharts).toEqual([]);

  await page.goto("/organization/insights");
  await expect(page.getByRole("heading", { level: 1, name: "Team insights" })).toBeVisible();
  await expect.poll(() => scriptsWithCharts.length, { message: "the report's page loads the charts' library" }).toBeGreaterThan(0);
  const whoBlocks = page.getByTestId("who-blocks");
  await expect(whoBlocks.getByRole("row", { name: /Bob Stone/ })).toBeVisible();
  await expect(whoBlocks.getByRole("row", { name: /Carol Reyes/ })).toBeVisible();
  await expect(page.getByTestId("stat-resolved")).toContainText("1");
  await expect(page.getByTestId("stat-resolved")).toContainText("3 logged, 1 cancelled");
  await screenshot(page, testInfo, "team-insights");

  // The range, then a filter: each a step in the address.
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/[?&]days=7\b/);
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Priority").selectOption("urgent");
  await expect(page).toHaveURL(/[?&]priority=urgent\b/);
  await expect(whoBlocks.getByRole("row", { name: /Carol Reyes/ })).toBeVisible();
  await expect(whoBlocks.getByRole("row", { name: /Bob Stone/ })).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/priority=/);
  await expect(whoBlocks.getByRole("row", { name: /Bob Stone/ })).toBeVisible();
  await expect(page.getByLabel("Priority")).toHaveValue("");
  await page.goBack();
  await expect(page).not.toHaveURL(/days=/);
  await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");

  // A CSV of the range's blockers.
  await page.getByRole("button", { name: "Export CSV" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Every blocker of the range" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^holdup-team-blockers-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain("Blocker,Title,Priority,Source,Status");
  for (const title of ["Payments spec", "Design review", "Legal sign-off"]) expect(csv).toContain(title);

  // The timeline's table lists every bar; a bar opens its blocker.
  const timeline = page.getByRole("region", { name: "Timeline of delays" });
  await timeline.getByRole("button", { name: "Show as a table" }).click();
  await expect(timeline.getByRole("table").getByRole("link", { name: "Design review" })).toBeVisible();
  await timeline.locator(".recharts-bar-rectangle path").first().click();
  await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Bob's own report: the part he finished, the one cancelled while it waited on him.
  await bob.page.goto("/insights");
  await expect(bob.page.getByRole("heading", { level: 1, name: "My insights" })).toBeVisible();
  await expect(bob.page.getByTestId("stat-person-hours")).toContainText("2 blockers waited on me");
  await expect(bob.page.getByTestId("stat-median")).toContainText("1 part done");
  await screenshot(bob.page, testInfo, "my-insights");

  for (const colorScheme of ["light", "dark"] as const) {
    for (const [who, path] of [
      [page, "/organization/insights"],
      [bob.page, "/insights"],
    ] as const) {
      await who.emulateMedia({ colorScheme });
      await who.goto(path);
      await expect(who.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(who.getByTestId("stat-person-hours")).toBeVisible();
      if (colorScheme === "dark") await expect(who.locator("html")).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(who), `${path}, ${colorScheme}`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/organization/insights");
  await expect(page.getByTestId("who-blocks")).toBeVisible();
  await screenshot(page, testInfo, "team-insights-375-dark");
});

const DAY_MS = 24 * 60 * 60 * 1000;
const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";
const shoot = (page: Page, name: string) => page.screenshot({ path: `${screensDir}/${name}.png`, fullPage: true });

test("a team in its first week: each report says what it will show and from when, beside a sample marked as made up; the real numbers stay, a few bars stay thin, figures keep to one line at 375 px", async ({ page, baseURL, bob }) => {
  test.slow();
  const origin = baseURL ?? "";
  const before = Date.now();
  // Bob finishes the first blocker at once (a median of "less than a minute", the longest figure there is); the second waits.
  const paymentsSpec = await logBlocker(page.request, origin, "Payments spec", [bob.fullName]);
  const after = Date.now();
  await call(bob.page.request, origin, "post", `/api/blockers/${paymentsSpec}/done`, {});
  await logBlocker(page.request, origin, "Design review", [bob.fullName], undefined, { priority: "high" });

  await page.goto("/organization/insights");
  const firstDays = page.getByRole("region", { name: "The first week" });
  await expect(firstDays).toBeVisible();
  await expect(firstDays.getByTestId("first-days-sentence")).toHaveText(/^After a week of blockers this shows who holds work up and for how long — from \S.*\.$/);
  // "from" is a week after the first blocker was logged.
  const fullFrom = Date.parse((await firstDays.locator("time").getAttribute("datetime")) ?? "");
  expect(fullFrom).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
  expect(fullFrom).toBeLessThanOrEqual(after + 7 * DAY_MS + 1000);
  const sample = firstDays.getByRole("figure", { name: /^Sample — made-up data/ });
  await expect(sample).toBeVisible();
  await expect(sample).toHaveAccessibleDescription(/^Made-up example, not your team's: /);
  await expect(sample.getByText("Sample — made-up data")).toBeVisible();

  // The real numbers of the first days, below: made-up names never reach them.
  await expect(page.getByTestId("who-blocks").getByRole("row", { name: /Bob Stone/ })).toBeVisible();
  await expect(page.getByTestId("who-blocks")).not.toContainText("Person A");
  await expect(page.getByTestId("stat-median")).toContainText("less than a minute");
  await expect(page.getByTestId("stat-resolved")).toContainText("2 logged, 0 cancelled");

  // Two bars in the timeline: two thin bars above the dates, not two slabs.
  const timeline = page.getByRole("region", { name: "Timeline of delays" });
  const bars = timeline.locator(".recharts-bar-rectangle");
  await expect(bars).toHaveCount(2);
  for (const box of await bars.evaluateAll((all) => all.map((bar) => bar.getBoundingClientRect().height))) expect(box).toBeLessThanOrEqual(18);
  // The dates stay under them.
  const ticks = await timeline.locator(".recharts-cartesian-axis-tick-value").allTextContents();
  expect(ticks.filter((tick) => /^[A-Z][a-z]{2} \d{1,2}$/.test(tick)).length, ticks.join(", ")).toBeGreaterThanOrEqual(2);
  // No drawing has two scales: one value axis at most in each.
  const valueAxes = await page.locator(".recharts-wrapper").evaluateAll((charts) => charts.map((chart) => chart.querySelectorAll(".recharts-yAxis").length));
  expect(valueAxes.length).toBeGreaterThan(0);
  expect(valueAxes.filter((count) => count > 1)).toEqual([]);

  // Bob's own report says what it will show him.
  await bob.page.goto("/insights");
  await expect(bob.page.getByTestId("first-days-sentence")).toHaveText(/^After a week of blockers this shows how fast you unblock others and how long you wait — from \S.*\.$/);
  await expect(bob.page.getByRole("figure", { name: /^Sample — made-up data/ })).toBeVisible();
  await expect(bob.page.getByTestId("stat-person-hours")).toContainText("2 blockers waited on me");

  for (const colorScheme of ["light", "dark"] as const) {
    for (const [who, path] of [
      [page, "/organization/insights"],
      [bob.page, "/insights"],
    ] as const) {
      await who.emulateMedia({ colorScheme });
      await who.goto(path);
      await expect(who.getByTestId("first-days-sample")).toBeVisible();
      if (colorScheme === "dark") await expect(who.locator("html")).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(who), `${path}, ${colorScheme}`).toEqual([]);
      await shoot(who, `insights-first-days-${who === page ? "team" : "mine"}-1280-${colorScheme}`);
    }
  }

  // A phone: every headline figure on one line, inside its tile, and nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/organization/insights");
    await expect(page.getByTestId("first-days-sample")).toBeVisible();
    const figures = page.locator("[data-testid^='stat-'] [data-figure]");
    await expect(figures).toHaveCount(4);
    // A figure's lines are the distinct tops of its text's boxes.
    const lines = await figures.evaluateAll((all) =>
      all.map((figure) => {
        const text = document.createRange();
        text.selectNodeContents(figure);
        return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
      }),
    );
    expect(lines).toEqual([1, 1, 1, 1]);
    expect(await figures.evaluateAll((all) => all.filter((figure) => figure.scrollWidth > figure.clientWidth || figure.getBoundingClientRect().right > (figure.parentElement?.getBoundingClientRect().right ?? 0)).map((figure) => figure.textContent))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settledColours(page);
    await shoot(page, `insights-first-days-team-375-${colorScheme}`);
  }
});

test("a team with no blocker yet is told its report counts from the first; once that is over a week old, the sample is gone", async ({ page, baseURL, bob }) => {
  await page.goto("/organization/insights");
  await expect(page.getByTestId("first-days-sentence")).toHaveText("After a week of blockers this shows who holds work up and for how long — a week from the team's first blocker.");
  await expect(page.getByRole("link", { name: "Log a blocker" })).toHaveAttribute("href", "/add");
  await shoot(page, "insights-first-days-empty-team-1280-light");

  await logBlocker(page.request, baseURL ?? "", "Payments spec", [bob.fullName]);
  await page.reload();
  await expect(page.getByTestId("first-days-sentence")).toContainText("— from ");
  // Eight days on (the browser's clock: the server's history stays as logged), the week is over.
  await page.clock.setFixedTime(new Date(Date.now() + 8 * DAY_MS));
  await page.reload();
  await expect(page.getByTestId("who-blocks").getByRole("row", { name: /Bob Stone/ })).toBeVisible();
  await expect(page.getByTestId("stat-person-hours")).toBeVisible();
  await expect(page.getByTestId("first-days")).toHaveCount(0);
  await expect(page.getByText("Sample — made-up data")).toHaveCount(0);
});
