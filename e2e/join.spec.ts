// One screen to join (issue #27, item 5): the invitation e-mail's link opens "Riley Jordan invited you to Checkout
// Squad" beside the account form; a name and a password, and the newcomer is on the team's dashboard with the blocker
// that invited them already waiting. Someone signed in who follows a link joins with one button.
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { call, createPerson, expect, makeEmail, STRONG_PASSWORD, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";

/** The screens a person passes through: each path the page's main frame shows, once, in order. */
function screensSeenBy(page: Page) {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (seen.at(-1) !== path) seen.push(path);
  });
  return seen;
}

test("a newcomer goes from the invitation e-mail's link to the team's dashboard in one screen, with the blocker waiting on them", async ({ page, teammate, baseURL, browser }) => {
  const email = makeEmail("newhire");
  await call(page.request, baseURL ?? "", "post", "/api/blockers", { title: "Review the onboarding checklist", blockingProfileIds: [], blockingEmails: [email], priority: "high" });
  const link = linkIn(await receivedMail(page.request, email, "invited you"));

  const context = await browser.newContext();
  const newhire = await context.newPage();
  await newhire.setViewportSize({ width: 1280, height: 800 });
  const screens = screensSeenBy(newhire);
  await newhire.goto(link);
  await expect(newhire.getByRole("heading", { level: 1, name: `${teammate.fullName} invited you to ${teammate.teamName}` })).toBeVisible();
  await expect(newhire.getByLabel("E-mail")).toHaveValue(email);
  await expect(newhire.getByLabel("E-mail")).toHaveJSProperty("readOnly", true);
  await expect(newhire.getByLabel("Full name")).toBeFocused();
  expect(await seriousViolations(newhire)).toEqual([]);
  await newhire.screenshot({ path: `${screensDir}/join-1280-light.png` });

  // What the newcomer types: a name, a password, Enter. At three characters a second, a slow typist's pace, that is
  // well under the 20 seconds (the count is asserted, not a time: a timed test would fail on a slow host).
  const typed = ["Sam Lee", STRONG_PASSWORD];
  await newhire.keyboard.type(typed[0] ?? "");
  await newhire.keyboard.press("Tab");
  await newhire.keyboard.type(typed[1] ?? "");
  await newhire.keyboard.press("Enter");
  const keystrokes = typed.join("").length + 2;
  expect(keystrokes / 3).toBeLessThanOrEqual(20);

  await expect(newhire).toHaveURL(/\/dashboard$/);
  await expect(newhire.getByText(`Welcome to ${teammate.teamName}!`)).toBeVisible();
  await expect(newhire.getByTestId("waiting-on-me-list").getByRole("article", { name: "Review the onboarding checklist" })).toBeVisible();
  expect(screens).toEqual(["/signup", "/dashboard"]);
  await context.close();
});

test("someone signed in follows an invitation link and joins with one button", async ({ page, teammate, baseURL, browser }) => {
  const context = await browser.newContext();
  const dana = await context.newPage();
  const person = await createPerson(context.request, baseURL ?? "", { fullName: "Dana Scully", teamName: "Research", onboarded: true });
  await call(page.request, baseURL ?? "", "post", "/api/team/invitations", { emails: [person.email] });
  const link = linkIn(await receivedMail(page.request, person.email, "invited you"));

  await dana.goto(link);
  await expect(dana.getByRole("heading", { level: 1, name: `${teammate.fullName} invited you to ${teammate.teamName}` })).toBeVisible();
  await expect(dana.getByText(`You are signed in as ${person.email}.`)).toBeVisible();
  const join = dana.getByRole("button", { name: `Join ${teammate.teamName}` });
  await expect(join).toBeFocused();
  expect(await dana.getByRole("textbox").count()).toBe(0);
  await join.click();
  await expect(dana).toHaveURL(/\/dashboard$/);
  await expect(dana.getByText(`Welcome to ${teammate.teamName}!`)).toBeVisible();
  await context.close();
});

test("someone with an account who is signed out is sent to sign in with the address filled, and comes back to one button", async ({ page, teammate, baseURL, browser }) => {
  const context = await browser.newContext();
  const dana = await context.newPage();
  const person = await createPerson(context.request, baseURL ?? "", { fullName: "Dana Scully", teamName: "Research", onboarded: true });
  await context.clearCookies();
  await call(page.request, baseURL ?? "", "post", "/api/team/invitations", { emails: [person.email] });
  const link = linkIn(await receivedMail(page.request, person.email, "invited you"));

  await dana.goto(link);
  await expect(dana.getByText(`You already have an account with ${person.email}.`, { exact: false })).toBeVisible();
  await dana.getByRole("link", { name: "Sign in to join" }).click();
  await expect(dana.getByLabel("E-mail")).toHaveValue(person.email);
  await dana.getByLabel("Password").fill(STRONG_PASSWORD);
  await dana.getByRole("button", { name: "Sign in", exact: true }).click();
  await dana.getByRole("button", { name: `Join ${teammate.teamName}` }).click();
  await expect(dana).toHaveURL(/\/dashboard$/);
  await expect(dana.getByText(`Welcome to ${teammate.teamName}!`)).toBeVisible();
  await context.close();
});

test("a link whose invitation is gone says so, with a way on", async ({ page }) => {
  await page.goto("/signup?invite=NoSuchInvitation123&email=someone%40example.com");
  await expect(page.getByRole("heading", { level: 1, name: "This invitation does not exist or has expired" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
});

test("the invitation's screen at 375 px and in dark, for the screens in docs/", async ({ page, teammate, baseURL, browser }) => {
  const email = makeEmail("phone");
  await call(page.request, baseURL ?? "", "post", "/api/team/invitations", { emails: [email] });
  const link = linkIn(await receivedMail(page.request, email, "invited you"));
  for (const [width, colorScheme] of [[375, "light"], [375, "dark"], [1280, "dark"]] as const) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 }, colorScheme });
    const newhire = await context.newPage();
    await newhire.goto(link);
    await expect(newhire.getByRole("button", { name: `Join ${teammate.teamName}` })).toBeVisible();
    const overflow = await newhire.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no sideways scrolling").toBe(0);
    if (colorScheme === "dark") expect(await seriousViolations(newhire)).toEqual([]);
    await newhire.screenshot({ path: `${screensDir}/join-${width}-${colorScheme}.png`, fullPage: true });
    await context.close();
  }
});
