// The signed-in app's first load (issue #28): the server draws the dashboard with its data, so the cards are on
// screen before any of the app's code has arrived; the app then takes the page over with the same data, asking the
// server for none of it again, and draws nothing differently (a mismatch is a console error, which fails the test).
import { expect, logBlocker, test } from "./fixtures";

const appEntry = /\/assets\/app-[\w-]{8}\.js$/;

test("the dashboard is on screen before the app's code arrives, and the app asks for none of its data again", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "Payments API spec", [bob.fullName]);
  const asked = new Map<string, number>();
  bob.page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  });
  // The app's entry is held back: what shows meanwhile is the server's HTML alone.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await bob.page.route(appEntry, async (route) => {
    await entryHeld;
    await route.continue();
  });
  const loaded = bob.page.goto("/dashboard");
  await expect(bob.page.getByRole("heading", { level: 1, name: `Hello ${bob.fullName.split(" ")[0]}` })).toBeVisible();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  await expect(bob.page.getByTestId("waiting-on-me-list").getByRole("link", { name: "Payments API spec" })).toBeVisible();
  await expect(bob.page.getByTestId("top-bar")).toContainText("Home");
  expect(asked.size, `asked before the app ran: ${[...asked.keys()].join(", ")}`).toBe(0);

  releaseEntry();
  await loaded;
  await bob.page.unroute(appEntry);
  // Taken over: a press works (the palette opens), and the page's data was not asked for again.
  await bob.page.keyboard.press("Control+k");
  await expect(bob.page.getByRole("dialog")).toBeVisible();
  await bob.page.keyboard.press("Escape");
  for (const read of ["/api/profile", "/api/dashboard", "/api/team", "/api/counters", "/api/notifications/unread-count", "/api/blockers/waiting-on-me"]) expect(asked.get(read), read).toBeUndefined();
  // better-auth's own check of the session, once: the only read the app makes of what the page already holds.
  expect(asked.get("/api/auth/get-session") ?? 0).toBeLessThanOrEqual(1);

  // A page reached from it inside the app reads its own data.
  await bob.page.getByRole("link", { name: "Resolved Blockers" }).first().click();
  await expect(bob.page.getByRole("heading", { level: 1, name: "Resolved Blockers" })).toBeVisible();
  expect(asked.get("/api/blockers/resolved")).toBe(1);
});
