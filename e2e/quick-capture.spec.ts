// Quick capture (issue #27): c opens a compact dialog over the page; the title, the people, the priority and a due date
// in words; Ctrl+Enter logs it and the page stays; the person waited on sees it at once.
import { settledColours } from "./axe";
import { expect, test } from "./fixtures";

const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";

test("Riley logs a blocker on Bob from the dashboard with the keyboard in one dialog, and stays on the dashboard", async ({ page, bob }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  // Bob's page follows live changes once its event stream is subscribed (ready): the blocker is logged after that.
  await bob.page.goto("/dashboard");
  await expect(bob.page.locator("html")).toHaveAttribute("data-live", "ready");
  await expect(page.getByRole("heading", { name: "I'm waiting on", exact: true })).toBeVisible();
  await page.keyboard.press("c");
  const capture = page.getByRole("dialog", { name: "Add a blocker" });
  await expect(capture.getByLabel("What are you waiting for?")).toBeFocused();
  await page.keyboard.type("Sign-off on the launch email");
  await capture.getByLabel("Waiting on", { exact: true }).click();
  await page.getByRole("option", { name: /Bob Stone/ }).click();
  await page.keyboard.press("Escape");
  await capture.getByLabel("Priority").selectOption("urgent");
  await capture.getByLabel("Needed by").fill("whenever");
  await page.keyboard.press("Control+Enter");
  await expect(capture.getByText("Say when in words (tomorrow 5pm, fri, in 3 days) or as a date (dec 8 9:00).")).toBeVisible();
  await capture.getByLabel("Needed by").fill("tomorrow 5pm");
  await expect(capture.getByText(/^Due /)).toBeVisible();
  await page.screenshot({ path: `${screensDir}/quick-capture-1280-light.png` });
  await capture.getByLabel("Details").fill("The copy is in the doc; two lines need legal's eye.");
  await page.keyboard.press("Control+Enter");

  await expect(page.getByText("Blocker added: Sign-off on the launch email")).toBeVisible();
  await expect(capture).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("im-waiting-on-list").getByRole("article", { name: "Sign-off on the launch email" })).toBeVisible();
  const bobsRow = bob.page.getByTestId("waiting-on-me-list").getByRole("article", { name: "Sign-off on the launch email" });
  await expect(bobsRow).toBeVisible();
  await expect(bobsRow.getByText("Priority: Urgent")).toBeAttached();

  // "Add a blocker" opens the same dialog; /add stays a page for links.
  await page.getByRole("link", { name: "Add a blocker" }).first().click();
  await expect(capture).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await settledColours(page);
  await page.screenshot({ path: `${screensDir}/quick-capture-1280-dark.png` });
  // On a phone the dialog fits the screen, its fields in reach.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(capture.getByLabel("What are you waiting for?")).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${screensDir}/quick-capture-375-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await settledColours(page);
  await page.screenshot({ path: `${screensDir}/quick-capture-375-light.png` });
  await page.keyboard.press("Escape");
  await page.goto("/add");
  await expect(page.getByRole("heading", { level: 1, name: "Add Blocker" })).toBeVisible();
});
