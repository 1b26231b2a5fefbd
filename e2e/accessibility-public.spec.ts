// Signed-out and first pages through axe, in light and dark: sign-in, sign-up, onboarding and the public site.
import { expect, test, waitForHydration } from "./fixtures";
import { inEachColorScheme, seriousViolations } from "./axe";

inEachColorScheme((colorScheme) => {
  test("login and sign-up pages", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to Holdup" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create your Holdup account" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("onboarding page", async ({ page, newcomer }) => {
    expect(newcomer.email).toContain("@");
    await page.goto("/onboarding");
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("public pages: landing (and its demo), blog, a post, privacy and support", async ({ page }) => {
    test.slow(); // five pages through axe, and the landing page's demo
    for (const path of ["/", "/blog", "/blog/ten-real-world-holdup-usage-examples", "/privacy", "/support"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await waitForHydration(page);
      if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Got a min to try\?/ }).click();
    await expect(page.getByRole("region", { name: "Holdup demo — made-up data, nothing is saved" })).toBeVisible();
    expect(await seriousViolations(page), "/ with the demo open").toEqual([]);
  });
});
