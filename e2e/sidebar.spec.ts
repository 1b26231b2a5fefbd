import { expect, logBlocker, test } from "./fixtures";

test("Ctrl+B collapses the sidebar to icons and the sidebar_state cookie keeps it for 7 days", async ({ page, context, teammate }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
  const sidebar = page.locator("[data-slot=sidebar][data-state]").first();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  // Collapsed to icons, each entry names itself in a tooltip.
  await sidebar.getByRole("link", { name: "Resolved Blockers" }).hover();
  await expect(page.getByRole("tooltip", { name: "Resolved Blockers" })).toBeVisible();
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

test("unread notifications stay in sight: a dot on the collapsed sidebar's bell, and a bell with the count in the phone's top bar", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "Design review", [bob.fullName]);
  await bob.page.setViewportSize({ width: 1280, height: 800 });
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByTestId("notifications-badge")).toHaveText("1");
  await expect(bob.page.getByTestId("notifications-dot")).toBeHidden();
  await bob.page.keyboard.press("Control+b");
  await expect(bob.page.getByTestId("notifications-badge")).toBeHidden();
  await expect(bob.page.getByTestId("notifications-dot")).toBeVisible();

  await bob.page.setViewportSize({ width: 375, height: 740 });
  await expect(bob.page.getByTestId("top-bar-title")).toHaveText("Home");
  const bell = bob.page.getByTestId("top-bar-notifications");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  await expect(bob.page).toHaveURL(/\/notifications$/);
  await expect(bob.page.getByTestId("top-bar-title")).toHaveText("Notifications");
});

test("a signed-in person who reaches an unknown address stays in the app's frame", async ({ page, teammate }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
});

/** The main action each page puts in the top bar. */
const mainActions: Record<string, string> = { "/dashboard": "Add a blocker", "/resolved": "Add a blocker", "/organization/access": "Invite teammates" };

test("one frame on every signed-in page: the same content edge, its title and main action in the top bar, and nothing of the sidebar cut off at laptop sizes", async ({ page, teammate }) => {
  // Every page's content starts at the same place (it started at 288, 352, 416 or 464 px).
  await page.setViewportSize({ width: 1280, height: 800 });
  const edges = new Set<number>();
  for (const path of ["/dashboard", "/resolved", "/notifications", "/insights", "/settings/personal", "/organization/access", "/organization/billing", "/organization/integrations", "/organization/invites", "/add"]) {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    edges.add(Math.round((await main.getByRole("heading", { level: 1 }).boundingBox())?.x ?? -1));
    // The top bar: the page's title, and its main action where it has one.
    const topBar = page.getByTestId("top-bar");
    await expect(page.getByTestId("top-bar-title")).not.toBeEmpty();
    const action = mainActions[path];
    if (action) await expect(topBar.getByRole("link", { name: action })).toBeVisible();
  }
  expect([...edges]).toHaveLength(1);

  for (const [width, height] of [[1280, 720], [1366, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/dashboard");
    const sidebar = page.locator("[data-slot=sidebar-container]").first();
    await expect(sidebar.getByRole("link", { name: /Chat with Support/ })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/sidebar-${width}x${height}.png` });
    // Each entry, the team card and the profile card are drawn whole inside the window.
    const parts = [sidebar.getByRole("link"), sidebar.getByRole("button"), sidebar.getByTestId("team-card")];
    for (const part of parts) {
      // Cut: not wholly inside the window, or inside a part of the sidebar that scrolls or clips.
      const cut = await part.evaluateAll((all) =>
        all
          .filter((element) => {
            const box = element.getBoundingClientRect();
            if (box.height === 0) return false;
            let bounds = { top: 0, bottom: window.innerHeight };
            for (let parent = element.parentElement; parent; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflowY === "visible") continue;
              const clip = parent.getBoundingClientRect();
              bounds = { top: Math.max(bounds.top, clip.top), bottom: Math.min(bounds.bottom, clip.bottom) };
            }
            return box.top < bounds.top - 0.5 || box.bottom > bounds.bottom + 0.5;
          })
          .map((element) => element.textContent?.trim()),
      );
      expect(cut, `${width}×${height}`).toEqual([]);
    }
  }
  expect(teammate.teamName).toBeTruthy();
});
