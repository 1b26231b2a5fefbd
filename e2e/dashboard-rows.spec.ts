// The dashboard as a dense list (issue #27): a dozen rows and more per column at 1280×800, the most pressing first,
// each row's action on hover and focus, the order a person chooses kept with them, readable on a 375 px phone.
// Screenshots of each layout go to test-results/screens/, or to SCREENS_DIR (docs/screens/after/, for the docs:
// `SCREENS_DIR=docs/screens/after npx playwright test e2e/dashboard-rows.spec.ts e2e/quick-capture.spec.ts`).
import type { Page } from "@playwright/test";
import { expect, logBlocker, test } from "./fixtures";

const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";
const shoot = (page: Page, name: string) => page.screenshot({ path: `${screensDir}/${name}.png` });

const HOUR_MS = 60 * 60 * 1000;

test("Bob's column shows at least twelve rows at 1280×800, urgent and overdue first, in the order he keeps", async ({ page, baseURL, bob }) => {
  const log = (title: string, details: Record<string, unknown> = {}) => logBlocker(page.request, baseURL ?? "", title, [bob.fullName], undefined, details);
  await log("Copy for the pricing page", { priority: "low" });
  for (let index = 1; index <= 12; index++) await log(`Review pull request #${100 + index}`);
  await log("Security sign-off for the release", { priority: "high", dueAt: new Date(Date.now() + 30 * HOUR_MS).toISOString() });
  await log("Production database credentials", { priority: "urgent" });
  await bob.page.setViewportSize({ width: 1280, height: 800 });
  await bob.page.goto("/dashboard");
  const rows = bob.page.getByTestId("waiting-on-me-list").getByRole("article");
  await expect(rows).toHaveCount(15);
  await expect(rows.first()).toHaveAccessibleName("Production database credentials");
  await expect(rows.nth(1)).toHaveAccessibleName("Security sign-off for the release");
  await expect(rows.last()).toHaveAccessibleName("Copy for the pricing page");
  const wholeInWindow = await rows.evaluateAll((all) => all.filter((row) => row.getBoundingClientRect().top >= 0 && row.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(wholeInWindow, "rows wholly in a 1280×800 window").toBeGreaterThanOrEqual(12);

  // One primary action shows on the row the pointer is over; the rest are in its menu.
  const first = rows.first();
  await first.hover();
  await expect(first.getByRole("button", { name: "Mark done: Production database credentials" })).toBeVisible();
  await shoot(bob.page, "dashboard-1280-light");
  await first.getByRole("button", { name: "More actions: Production database credentials" }).click();
  await expect(bob.page.getByRole("menuitem", { name: /^Tomorrow/ })).toBeVisible();
  await expect(bob.page.getByRole("menuitem", { name: "Decline…" })).toBeVisible();
  await shoot(bob.page, "dashboard-row-menu-1280-light");
  // A dialog opened from the menu gives the focus back to the row's menu button when it closes.
  await bob.page.getByRole("menuitem", { name: "Decline…" }).click();
  await expect(bob.page.getByRole("dialog", { name: "Decline this blocker" })).toBeVisible();
  await bob.page.keyboard.press("Escape");
  await expect(first.getByRole("button", { name: "More actions: Production database credentials" })).toBeFocused();

  await bob.page.getByLabel("Order", { exact: true }).selectOption("newest");
  await expect(rows.first()).toHaveAccessibleName("Production database credentials");
  await expect(rows.nth(2)).toHaveAccessibleName("Review pull request #112");
  await bob.page.reload();
  await expect(bob.page.getByLabel("Order", { exact: true })).toHaveValue("newest");
  await expect(rows.nth(2)).toHaveAccessibleName("Review pull request #112");
  await bob.page.getByLabel("Order", { exact: true }).selectOption("priority");
  await expect(rows.nth(2)).toHaveAccessibleName("Review pull request #101");

  await bob.page.emulateMedia({ colorScheme: "dark" });
  await shoot(bob.page, "dashboard-1280-dark");
  await rows.first().getByRole("link").click();
  await expect(bob.page.getByRole("heading", { level: 1, name: "Production database credentials" })).toBeVisible();
  await shoot(bob.page, "blocker-1280-dark");
  await bob.page.emulateMedia({ colorScheme: "light" });
  await shoot(bob.page, "blocker-1280-light");
  await bob.page.goBack();
  await expect(rows.first()).toBeVisible();
  await bob.page.emulateMedia({ colorScheme: "dark" });
  // A phone: every row readable (its title on a line of its own), nothing wider than the screen.
  await bob.page.setViewportSize({ width: 375, height: 812 });
  await expect(rows.first()).toBeVisible();
  expect(await bob.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(bob.page, "dashboard-375-dark");
  await bob.page.emulateMedia({ colorScheme: "light" });
  await shoot(bob.page, "dashboard-375-light");
  await rows.first().getByRole("link").click();
  await expect(bob.page.getByRole("heading", { level: 1, name: "Production database credentials" })).toBeVisible();
  expect(await bob.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(bob.page, "blocker-375-light");
  await bob.page.emulateMedia({ colorScheme: "dark" });
  await shoot(bob.page, "blocker-375-dark");
});

test("Bob takes back Done with the toast's Undo and a snooze with z: the row is back for him, and Alice's timeline says so", async ({ page, baseURL, bob }) => {
  const title = "Signed NDA from the vendor";
  const id = await logBlocker(page.request, baseURL ?? "", title, [bob.fullName]);
  await bob.page.goto("/dashboard");
  const column = bob.page.getByTestId("waiting-on-me-list");
  await column.getByRole("button", { name: `Mark done: ${title}` }).click();
  await expect(bob.page.getByText("Marked done. Everyone is done, so the blocker is resolved.")).toBeVisible();
  await expect(column.getByRole("article", { name: title })).toHaveCount(0);
  await bob.page.getByRole("button", { name: "Undo" }).click();
  await expect(bob.page.getByText("Undone.")).toBeVisible();
  await expect(column.getByRole("article", { name: title })).toBeVisible();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");

  await column.getByRole("button", { name: `More actions: ${title}` }).click();
  await bob.page.getByRole("menuitem", { name: /^Tomorrow/ }).click();
  await expect(column.getByRole("button", { name: "Snoozed (1)" })).toBeVisible();
  await bob.page.keyboard.press("z");
  await expect(bob.page.getByText("Undone.").last()).toBeVisible();
  await expect(column.getByRole("article", { name: title })).toBeVisible();
  await expect(column.getByRole("button", { name: "Snoozed (1)" })).toHaveCount(0);

  await page.goto(`/blockers/${id}`);
  await expect(page.getByText("Bob Stone undid marking their part done")).toBeVisible();
  await expect(page.getByText("Bob Stone undid their snooze")).toBeVisible();
});
