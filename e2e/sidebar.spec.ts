import { expect, test } from "./fixtures";

test("Ctrl+B collapses the sidebar to icons and the sidebar_state cookie keeps it for 7 days", async ({ page, context, teammate }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
  const sidebar = page.locator("[data-slot=sidebar][data-state]").first();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  const lifetimeDays = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(lifetimeDays).toBeGreaterThan(6.9);
  expect(lifetimeDays).toBeLessThanOrEqual(7);

  await page.reload();
  await expect(page.locator("[data-slot=sidebar][data-state]").first()).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(page.locator("[data-slot=sidebar][data-state]").first()).toHaveAttribute("data-state", "expanded");
});

test("below 768px the sidebar is a sheet opened from the top bar", async ({ page, teammate }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /Hello/ })).toBeVisible();
  await expect(page.getByTestId("team-card")).toBeHidden();
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByTestId("team-card")).toContainText(teammate.teamName);
  await sheet.getByRole("link", { name: "Resolved Blockers" }).click();
  await expect(page).toHaveURL(/\/resolved$/);
});
