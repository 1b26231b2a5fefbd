// Shared e2e fixtures: every test fails on an uncaught page error, console.error or console.warn; `teammate` is a signed-in,
// onboarded person and `newcomer` a signed-in one who has not onboarded, both made through the API (the sign-up
// journey itself is tested through the UI); `bob` is a second person, in his own browser, on the teammate's team.
import { randomInt } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { TEAM_HEADER } from "../common/teams.ts";
import { makeEmail, STRONG_PASSWORD } from "../server/test/people.ts";
import { linkIn, receivedMail } from "./mailbox";

export { makeEmail, STRONG_PASSWORD };

export type Person = { email: string; fullName: string; teamName: string };

/** An API call as the web app makes it; `team` names the team it acts in (decision 029), else the person's first. */
export async function call(request: APIRequestContext, baseURL: string, method: "get" | "post", path: string, data?: unknown, team?: string): Promise<Record<string, unknown>> {
  const response = await request[method](path, { data, headers: { origin: baseURL, ...(team ? { [TEAM_HEADER]: team } : {}) } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Logs a blocker through the API as `request`'s person, waiting on these teammates (by full name); returns its id. */
/** `details`: more of the blocker's fields (priority, dueAt…), as the API takes them. */
export async function logBlocker(request: APIRequestContext, baseURL: string, title: string, waitingOn: string[], team?: string, details: Record<string, unknown> = {}) {
  const teammates = (await call(request, baseURL, "get", "/api/people", undefined, team)) as unknown as { id: string; fullName: string | null }[];
  const blockingProfileIds = waitingOn.map((name) => teammates.find((person) => person.fullName === name)?.id ?? `${name} is not in the team`);
  const { id } = await call(request, baseURL, "post", "/api/blockers", { title, blockingProfileIds, ...details }, team);
  return String(id);
}

/** Signs up and opens the confirmation link from the e-mail, as the person would; leaves `request` signed in. */
async function signUpConfirmed(request: APIRequestContext, baseURL: string, email: string) {
  await call(request, baseURL, "post", "/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "", callbackURL: "/auth/callback" });
  const confirmation = await receivedMail(request, email, "Confirm");
  const opened = await request.get(linkIn(confirmation));
  expect(opened.ok()).toBe(true);
}

export async function createPerson(request: APIRequestContext, baseURL: string, options: { fullName: string; teamName: string; onboarded: boolean; invitedBy?: APIRequestContext }): Promise<Person> {
  const email = makeEmail(options.fullName.split(" ")[0]?.toLowerCase());
  if (options.invitedBy) await call(options.invitedBy, baseURL, "post", "/api/team/invitations", { emails: [email] });
  await signUpConfirmed(request, baseURL, email);
  if (options.onboarded) {
    await call(request, baseURL, "post", "/api/onboarding/profile", { fullName: options.fullName, timezone: "Europe/Berlin" });
    if (options.invitedBy) {
      // As the invitee would: the invitation e-mail's link carries the token that shows the invitation is theirs.
      const token = new URL(linkIn(await receivedMail(request, email, "invited you"))).searchParams.get("invite") ?? "";
      const { invitations } = (await call(request, baseURL, "get", `/api/onboarding?invite=${encodeURIComponent(token)}`)) as { invitations: { id: string }[] };
      expect(invitations.map((invitation) => invitation.id)).toContain(token);
      await call(request, baseURL, "post", `/api/invitations/${encodeURIComponent(token)}/accept`, { token });
    } else {
      await call(request, baseURL, "post", "/api/onboarding/team", { name: options.teamName });
    }
    await call(request, baseURL, "post", "/api/onboarding/complete", {});
  }
  return { email, fullName: options.fullName, teamName: options.teamName };
}

/** Uncaught errors, console.error and console.warn of a page (React's and React Router's warnings too: the console
 * stays silent). The browser's own "Failed to load resource" lines (a 401 while signed out is expected) are left
 * out: our code's errors are what count. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && !message.text().startsWith("Failed to load resource")) errors.push(`${message.type()}: ${message.text()}`);
  });
  return errors;
}

/** Waits until React has taken over a pre-rendered public page (hydrateRoot has run on #root): from then on a press
 * is handled. Before it, a click on the pre-rendered HTML does nothing, as for a visitor faster than the script.
 * Polled from the test, not with the page's timers, so that it works whatever page.clock does to them. */
export async function waitForHydration(page: Page) {
  const hydrated = () => page.evaluate(() => Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer$")));
  await expect.poll(hydrated, { message: "the page's script took over the pre-rendered HTML" }).toBe(true);
}

/**
 * A signed-in page the server drew (issue #28) is on screen before its script has run, and a press or a key before the
 * app has taken it over does nothing, as for a person faster than the script: after loading one, the tests wait for
 * the app (its first render's effects have run: `data-hydrated` on the document). Polled from the test, as above.
 */
async function appTookOver(page: Page) {
  const tookOver = () =>
    page.evaluate(() => !document.getElementById("holdup-first") || document.documentElement.hasAttribute("data-hydrated")).catch(() => false); // a navigation under way: asked again
  await expect.poll(tookOver, { message: "the app took over the page the server drew" }).toBe(true);
}

/** Every page load of `page` (goto, reload) waits for the app to take over a page the server drew. */
function loadsWaitForTheApp(page: Page) {
  const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appTookOver(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appTookOver(page);
    return response;
  };
  return page;
}

/**
 * Each browser comes from an address of its own, as people do: the e2e server trusts the proxy on this machine
 * (TRUST_PROXY=loopback), so the limits that count per client count each test's browser apart.
 */
const addressOfOwn = () => ({ "x-forwarded-for": `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::1` });

export const test = base.extend<{ failOnConsoleErrors: void; teammate: Person; newcomer: Person; bob: Person & { page: Page }; carol: Person }>({
  // Playwright reads a fixture's dependencies from its first parameter: an empty pattern means none.
  // oxlint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use(addressOfOwn()),
  page: async ({ page }, use) => use(loadsWaitForTheApp(page)),
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use();
      expect(errors, "errors and warnings in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  teammate: async ({ page, baseURL }, use) => use(await createPerson(page.request, baseURL ?? "", { fullName: "Riley Jordan", teamName: "Checkout Squad", onboarded: true })),
  newcomer: async ({ page, baseURL }, use) => use(await createPerson(page.request, baseURL ?? "", { fullName: "Riley Jordan", teamName: "Checkout Squad", onboarded: false })),
  bob: async ({ browser, page, baseURL, teammate }, use) => {
    const context = await browser.newContext({ extraHTTPHeaders: addressOfOwn() });
    const bobPage = loadsWaitForTheApp(await context.newPage());
    const errors = watchConsole(bobPage);
    const person = await createPerson(bobPage.request, baseURL ?? "", { fullName: "Bob Stone", teamName: teammate.teamName, onboarded: true, invitedBy: page.request });
    await use({ ...person, page: bobPage });
    await context.close();
    expect(errors, "errors and warnings in Bob's browser console").toEqual([]);
  },
  /** A third teammate, who never opens a browser: someone to suggest, or to ask instead. */
  carol: async ({ browser, page, baseURL, teammate }, use) => {
    const context = await browser.newContext({ extraHTTPHeaders: addressOfOwn() });
    await use(await createPerson(context.request, baseURL ?? "", { fullName: "Carol Reyes", teamName: teammate.teamName, onboarded: true, invitedBy: page.request }));
    await context.close();
  },
});

export { expect };
