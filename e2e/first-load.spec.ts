// The signed-in app's first load: the session, the profile and the dashboard's answer are asked for by the page's
// inline script while the app's code downloads (web/lib/early-requests.ts), and the app takes those answers
// instead of asking again.
import { expect, logBlocker, test } from "./fixtures";

test("the dashboard's first load asks the server once for the session, the profile and the dashboard", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "Payments API spec", [bob.fullName]);
  const asked = new Map<string, number>();
  bob.page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  });
  // The app's entry is held back until the dashboard's answer has been asked for: only the page's inline script can.
  let releaseEntry = () => {};
  let entryRequested = false;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await bob.page.route(/\/assets\/app-[\w-]{8}\.js$/, async (route) => {
    entryRequested = true;
    await entryHeld;
    await route.continue();
  });
  const dashboardAsked = bob.page.waitForRequest((request) => new URL(request.url()).pathname === "/api/dashboard");
  await bob.page.goto("/dashboard", { waitUntil: "commit" });
  await dashboardAsked;
  await expect.poll(() => entryRequested, { message: "the app's entry was asked for (and held back)" }).toBe(true);
  releaseEntry();
  await expect(bob.page.getByRole("heading", { level: 1, name: `Hello ${bob.fullName.split(" ")[0]}` })).toBeVisible();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  await expect(bob.page.getByTestId("waiting-on-me-list").getByRole("link", { name: "Payments API spec" })).toBeVisible();
  expect({ session: asked.get("/api/auth/get-session"), profile: asked.get("/api/profile"), dashboard: asked.get("/api/dashboard") }).toEqual({ session: 1, profile: 1, dashboard: 1 });

  await bob.page.unroute(/\/assets\/app-[\w-]{8}\.js$/);

  // Another page's first load does not take a dashboard answer, and the dashboard reached from it asks afresh.
  asked.clear();
  await bob.page.goto("/resolved");
  await expect(bob.page.getByRole("heading", { level: 1, name: "Resolved Blockers" })).toBeVisible();
  expect(asked.get("/api/dashboard")).toBeUndefined();
  await bob.page.getByRole("link", { name: "Home" }).first().click();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  expect(asked.get("/api/dashboard")).toBe(1);
});
