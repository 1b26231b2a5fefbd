// The Content-Security-Policy against the real build: the public pages, the sign-in pages and the signed-in app
// (with a dialog open, whose scroll lock adds a <style> element) run with no violation reported, and refuse framing.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

type WithViolations = { cspViolations: string[] };

/** Records every violation the page reports, from before its first script runs (an init script is not itself
 * subject to the page's policy). The fixture's console check sees Chromium's "Refused to …" lines too. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const recorded: string[] = [];
    (window as unknown as WithViolations).cspViolations = recorded;
    document.addEventListener("securitypolicyviolation", (event) => {
      recorded.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as WithViolations).cspViolations);

async function openWithPolicy(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy, path).not.toMatch(/https?:\/\//); // nothing from another origin
}

test("the public pages run under their policy with no violation", async ({ page }) => {
  await recordViolations(page);
  for (const path of ["/", "/blog/how-to-nudge-without-nagging", "/support"]) {
    await openWithPolicy(page, path);
    await waitForHydration(page); // the paint-first loader, an inline module script, has run by now
    expect(await violations(page), path).toEqual([]);
  }
});

test("the sign-in pages run under their policy with no violation", async ({ page }) => {
  await recordViolations(page);
  await openWithPolicy(page, "/login");
  await expect(page.getByRole("heading", { name: "Sign in to Holdup" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await openWithPolicy(page, "/signup");
  await expect(page.getByRole("heading", { name: "Create your Holdup account" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the signed-in app, live updates and a dialog included, runs under its policy with no violation", async ({ page, teammate }) => {
  await recordViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await openWithPolicy(page, "/dashboard");
  await expect(page.getByRole("heading", { name: /Hello/ })).toBeVisible();
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(page.getByRole("dialog").getByTestId("team-card")).toContainText(teammate.teamName);
  expect(await violations(page)).toEqual([]);
});

test("no other page can frame Holdup's", async ({ browser, baseURL }) => {
  // A browser of its own: the refusal is a console error, which the shared page's check would count against us.
  const context = await browser.newContext();
  const elsewhere = await context.newPage();
  const refused = elsewhere.waitForEvent("console", (message) => message.text().includes("violates the following Content Security Policy directive: \"frame-ancestors 'none'\""));
  // A blank page of no origin, so nothing but our policy stands in the way (a page of another site on this
  // machine would be stopped first by Chromium's local network rules).
  await elsewhere.setContent(`<iframe src="${baseURL}/login"></iframe>`);
  await refused;
  await context.close();
});
