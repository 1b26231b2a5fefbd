import { expect, test } from "./fixtures";
import { receivedMail } from "./mailbox";

test.describe("routes and guards", () => {
  test("an anonymous visitor is sent to /login from the app area, /auth and onboarding", async ({ page }) => {
    for (const path of ["/settings/personal", "/onboarding", "/auth"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    // A page the server draws sends them before anything is drawn, saying where they were going.
    await page.goto("/dashboard?view=team");
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%3Fview%3Dteam$/);
  });

  test("an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("a signed-in person who has not onboarded is confined to onboarding", async ({ page, newcomer }) => {
    expect(newcomer.email).toContain("@");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("a signed-in, onboarded visitor goes from / to the dashboard and from the redirects to their targets", async ({ page, teammate }) => {
    expect(teammate.email).toContain("@");
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/settings\/personal$/);
    await page.goto("/organization");
    await expect(page).toHaveURL(/\/organization\/access$/);
    await page.goto("/organization/tools");
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  });

  test("signing out (everywhere, by default) returns to /login and closes the app", async ({ page, teammate }) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("profile-card")).toContainText(teammate.fullName);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("menuitem", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/);
  });
});

test("the six-digit code signs in as soon as its last digit arrives, pasted with a space or not", async ({ page, teammate }) => {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a code sent by e-mail" }).click();
  await page.getByLabel("E-mail").fill(teammate.email);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  const mail = await receivedMail(page.request, teammate.email, "sign-in code");
  const code = /(\d{6})/.exec(mail.subject)?.[1] ?? "";
  expect(code).toHaveLength(6);
  // Pasted as some mail clients show it; nobody presses "Sign in".
  await page.getByLabel("Six-digit code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
});
