import { expect, test } from "./fixtures";

test.describe("routes and guards", () => {
  test("an anonymous visitor is sent to /login from the app area, /auth and onboarding", async ({ page }) => {
    for (const path of ["/dashboard", "/settings/personal", "/onboarding", "/auth"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
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
    await expect(page).toHaveURL(/\/login$/);
  });
});
