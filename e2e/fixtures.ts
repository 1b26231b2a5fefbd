// Shared e2e fixtures: every test fails on an uncaught page error or console.error, and `teammate` gives a
// signed-in, onboarded person created through the API (the sign-up journey itself is tested through the UI).
import { test as base, expect, type Page } from "@playwright/test";
import { makeEmail, STRONG_PASSWORD } from "../server/test/people.ts";

export { makeEmail, STRONG_PASSWORD };

type Teammate = { email: string; fullName: string; teamName: string };

async function createTeammate(page: Page, baseURL: string, options: { onboarded: boolean }): Promise<Teammate> {
  const email = makeEmail("e2e");
  const fullName = "Riley Jordan";
  const teamName = "Checkout Squad";
  const headers = { origin: baseURL };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  };
  await post("/api/auth/sign-up/email", { email, password: STRONG_PASSWORD, name: "" });
  if (options.onboarded) {
    await post("/api/onboarding/profile", { fullName, timezone: "Europe/Berlin" });
    await post("/api/onboarding/team", { name: teamName });
    await post("/api/onboarding/complete", {});
  }
  return { email, fullName, teamName };
}

export const test = base.extend<{ failOnConsoleErrors: void; teammate: Teammate; newcomer: Teammate }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        // The browser itself logs failed requests (a 401 while signed out is expected); our code's errors are what count.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
      });
      await use();
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  teammate: async ({ page, baseURL }, use) => use(await createTeammate(page, baseURL ?? "", { onboarded: true })),
  newcomer: async ({ page, baseURL }, use) => use(await createTeammate(page, baseURL ?? "", { onboarded: false })),
});

export { expect };
