// The browser extension (issue #15) in Chromium, loaded from dist/extension as a person would load it: its options
// page points it at this server; "Sign in" asks for a device code and opens /device, where Bob, signed in, approves;
// the toolbar badge then counts what waits on him and the popup shows both columns, live, with their actions; "Log
// this page as a blocker" takes the page's title and address; signed out in Holdup's settings, it says so at once;
// its own Sign out ends its session on the server.
// axe finds nothing in the popup (light and dark) or the options page. The extension's pages stay silent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { seriousViolations, settledColours } from "./axe";
import { findChromium } from "./chromium-path";
import { expect, logBlocker, test } from "./fixtures";

const extensionDir = path.resolve("dist/extension");

/** Chromium with the built extension, in a profile of its own, with Bob's cookies (he is signed in to Holdup there). */
async function browserWithExtension(cookiesFrom: BrowserContext) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-extension-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-component-update", "--disable-sync"],
  });
  await context.addCookies(await cookiesFrom.cookies());
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const extensionId = new URL(worker.url()).host;
  return { context, worker, url: (page: string) => `chrome-extension://${extensionId}/${page}`, close: () => context.close().finally(() => fs.rmSync(profile, { recursive: true, force: true })) };
}

/** An extension page, watched like every page of the tests: an error or warning in its console fails the test. */
async function openWatched(context: BrowserContext, url: string, errors: string[]) {
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && !message.text().startsWith("Failed to load resource")) errors.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(url);
  return page;
}

const badgeOf = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));

async function axeBothThemes(page: Page, what: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
}

test("the extension signs in at /device, counts what waits on me on its badge, shows and acts on both columns, logs the page, and is told when signed out", async ({ page, baseURL, bob }) => {
  test.setTimeout(90_000);
  const server = baseURL ?? "";
  const browser = await browserWithExtension(bob.page.context());
  const errors: string[] = [];
  try {
    // The options page: the server's address (the default is http://localhost:3000).
    const options = await openWatched(browser.context, browser.url("options.html"), errors);
    await expect(options.getByLabel("Holdup server")).toHaveValue("http://localhost:3000");
    await options.getByLabel("Holdup server").fill("not an address");
    await options.getByRole("button", { name: "Save" }).click();
    // Refused: the field takes the focus, marked invalid, its error read with it (and in place of its hint).
    await expect(options.getByLabel("Holdup server")).toBeFocused();
    await expect(options.getByLabel("Holdup server")).toHaveAttribute("aria-invalid", "true");
    await expect(options.getByLabel("Holdup server")).toHaveAccessibleDescription("Enter the server's address, starting with https:// or http://.");
    await options.getByLabel("Holdup server").fill(`${server}/dashboard`);
    await options.getByRole("button", { name: "Save" }).click();
    await expect(options.getByText("Saved. Sign in from Holdup's toolbar button.")).toBeVisible();
    await expect(options.getByLabel("Holdup server")).toHaveValue(server);
    await axeBothThemes(options, "the options page");
    await options.close();

    // Signed out: the popup offers the device sign-in, and the badge is empty.
    const popup = await openWatched(browser.context, browser.url("popup.html"), errors);
    await expect(popup.getByRole("heading", { name: "Sign in to Holdup" })).toBeVisible();
    expect(await badgeOf(browser.worker)).toBe("");
    await axeBothThemes(popup, "the popup signed out");
    const approvalOpens = browser.context.waitForEvent("page");
    await popup.getByRole("button", { name: "Sign in", exact: true }).click();
    const approval = await approvalOpens;
    await expect(popup.getByTestId("user-code")).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const code = (await popup.getByTestId("user-code").textContent()) ?? "";
    await popup.screenshot({ path: "test-results/extension/sign-in-code.png" });
    await expect(approval.getByText("Holdup browser extension wants to sign in to your Holdup account.")).toBeVisible();
    await expect(approval.getByTestId("user-code")).toHaveText(code);
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect(approval.getByText("is signed in. You can close this tab.", { exact: false })).toBeVisible();
    await approval.close();

    // Signed in: both columns, empty for now; then Riley logs two blockers on Bob and they arrive live.
    await expect(popup.getByRole("heading", { name: /^Waiting on me/ })).toBeVisible({ timeout: 15_000 });
    await expect(popup.getByText("Nobody waits on you. Nice.")).toBeVisible();
    await logBlocker(page.request, server, "API spec for payments", ["Bob Stone"]);
    const review = await logBlocker(page.request, server, "Review of the checkout copy", ["Bob Stone"]);
    await expect.poll(() => badgeOf(browser.worker)).toBe("2");
    const waitingOnMe = popup.getByRole("list", { name: /^Waiting on me/ });
    await expect(waitingOnMe.getByRole("listitem")).toHaveCount(2);
    const spec = waitingOnMe.getByRole("listitem").filter({ hasText: "API spec for payments" });
    await expect(spec).toContainText("Riley Jordan waiting");
    await expect(spec.getByRole("link", { name: "API spec for payments" })).toHaveAttribute("href", new RegExp(`^${server}/blockers/`));
    await axeBothThemes(popup, "the popup with both columns");
    await popup.setViewportSize({ width: 380, height: 560 });
    for (const colorScheme of ["light", "dark"] as const) {
      await popup.emulateMedia({ colorScheme });
      await settledColours(popup);
      await popup.screenshot({ path: `test-results/extension/popup-${colorScheme}.png` });
    }

    // The actions of Waiting on me: Mark done takes it off the column and the badge; Snooze until tomorrow is offered too.
    await spec.getByRole("button", { name: "Mark done: API spec for payments" }).click();
    await expect(popup.getByText("Marked done: API spec for payments")).toBeVisible();
    await expect(waitingOnMe.getByRole("listitem")).toHaveCount(1);
    await expect.poll(() => badgeOf(browser.worker)).toBe("1");
    // A change that moves no count shows too: Riley retitles the other one.
    const retitled = await page.request.patch(`/api/blockers/${review}`, { data: { title: "Review of the checkout copy, second draft" }, headers: { origin: server } });
    expect(retitled.status(), await retitled.text()).toBe(200);
    await expect(waitingOnMe.getByRole("button", { name: "Snooze until tomorrow: Review of the checkout copy, second draft" })).toBeVisible();
    await popup.close();

    // "Log this page as a blocker", from a page open in the browser: its title and address are filled in.
    const article = await browser.context.newPage();
    await article.goto(`${server}/blog`);
    await expect(article).toHaveTitle(/Blog/);
    const articleTitle = await article.title();
    // The person is on that page (its window has the focus) and opens the popup (a window of its own here: a test
    // cannot press the toolbar button).
    const popupWindowOpens = browser.context.waitForEvent("page");
    await browser.worker.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      if (tab?.id === undefined) throw new Error(`No tab shows ${url}`);
      await chrome.tabs.update(tab.id, { active: true });
      await chrome.windows.update(tab.windowId, { focused: true });
      await chrome.windows.create({ url: "popup.html", type: "popup", width: 400, height: 600 });
    }, `${server}/blog`);
    const logging = await popupWindowOpens;
    await logging.getByRole("button", { name: "Log this page as a blocker" }).click();
    await expect(logging.getByLabel("What are you waiting for?")).toHaveValue(articleTitle);
    await expect(logging.getByLabel("Link")).toHaveValue(`${server}/blog`);
    await logging.getByRole("button", { name: "Log blocker" }).click();
    await expect(logging.getByText("Choose at least one teammate you wait on.")).toBeVisible();
    await logging.getByLabel("What are you waiting for?").fill("Pricing for the enterprise plan");
    await logging.getByPlaceholder("Find a teammate").fill("ril");
    await logging.getByRole("checkbox", { name: "Riley Jordan" }).check();
    await axeBothThemes(logging, "the log-this-page form");
    await logging.screenshot({ path: "test-results/extension/log-this-page.png" });
    await logging.getByRole("button", { name: "Log blocker" }).click();
    await expect(logging.getByText("Logged: waiting on Riley Jordan")).toBeVisible();
    const imWaitingOn = logging.getByRole("list", { name: /^I'm waiting on/ });
    const pricing = imWaitingOn.getByRole("listitem").filter({ hasText: "Pricing for the enterprise plan" });
    await expect(pricing).toContainText("Waiting on Riley Jordan");
    // Riley, waited on, sees it with the page's link.
    const blockerUrl = (await pricing.getByRole("link", { name: "Pricing for the enterprise plan" }).getAttribute("href")) ?? "";
    const onRileysSide = await page.request.get(`/api/blockers/${blockerUrl.split("/").pop()}`);
    expect(await onRileysSide.json()).toMatchObject({ title: "Pricing for the enterprise plan", linkUrl: `${server}/blog` });

    // Nudge, once: the button goes once the nudge is sent (the next is allowed in an hour).
    await pricing.getByRole("button", { name: "Nudge Riley Jordan about Pricing for the enterprise plan" }).click();
    await expect(logging.getByText("Nudged Riley Jordan")).toBeVisible();
    await expect(pricing.getByRole("button", { name: /^Nudge / })).toHaveCount(0);

    // Bob signs the extension out in Holdup's settings: it says so within seconds, and its badge empties.
    await bob.page.goto("/settings/personal");
    const extensionRow = bob.page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem").filter({ hasText: "Holdup browser extension" });
    await extensionRow.getByRole("button", { name: /^Sign out / }).click();
    await expect(logging.getByText("You were signed out (from Holdup's settings, or after 90 days unused). Sign in again.")).toBeVisible({ timeout: 15_000 });
    expect(await badgeOf(browser.worker)).toBe("");

    // Signed in again, its own Sign out ends its session on the server too: it leaves Bob's sessions list.
    const again = browser.context.waitForEvent("page");
    await logging.getByRole("button", { name: "Sign in", exact: true }).click();
    const secondApproval = await again;
    await secondApproval.getByRole("button", { name: "Approve" }).click();
    await secondApproval.close();
    await logging.getByRole("button", { name: "Sign out" }).click({ timeout: 15_000 });
    await expect(logging.getByRole("heading", { name: "Sign in to Holdup" })).toBeVisible();
    await bob.page.reload();
    await expect(bob.page.getByRole("list", { name: "Signed-in devices" })).toBeVisible();
    await expect(bob.page.getByText("Holdup browser extension")).toHaveCount(0);
    expect(errors, "errors and warnings in the extension's pages").toEqual([]);
  } finally {
    await browser.close();
  }
});
