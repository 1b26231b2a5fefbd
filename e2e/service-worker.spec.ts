// A repeat visit paints from what the browser has (issue #28, decision 053): the service worker keeps the app's code
// and answers it from its cache; the pages the server draws, and every API answer, are never kept.
import { expect, test } from "./fixtures";

test("a repeat visit takes the app's code from the service worker, which keeps no page and no answer", async ({ page, teammate }) => {
  await page.goto("/dashboard");
  await expect(page.getByTestId("profile-card")).toContainText(teammate.fullName);
  // Installed once the page was idle, with the code of the frame and its first pages.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const fromTheWorker: string[] = [];
  const pageFromTheWorker: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!response.fromServiceWorker()) return;
    if (pathname.startsWith("/assets/")) fromTheWorker.push(pathname);
    else pageFromTheWorker.push(pathname);
  });
  await page.reload();
  await expect(page.getByTestId("profile-card")).toContainText(teammate.fullName);
  // The app's entry among them: the page did not wait for the network for its code.
  expect(fromTheWorker.some((pathname) => /^\/assets\/app-[\w-]{8}\.js$/.test(pathname)), fromTheWorker.join(", ")).toBe(true);

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((pathname) => !pathname.startsWith("/assets/"))).toEqual([]);
  // The page itself came from the network (through the worker's preloaded request), never from a cache.
  expect(kept).not.toContain("/dashboard");
  expect(pageFromTheWorker.filter((pathname) => pathname.startsWith("/api/"))).toEqual([]);
});
