// Insights (issue #13): a team with a little history opens both reports, changes the range and a filter (the address
// follows, the back button undoes), downloads a CSV, and opens a blocker from the timeline; axe finds nothing in light
// or dark; each page leaves a screenshot in the artifacts.
import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { seriousViolations } from "./axe";
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
