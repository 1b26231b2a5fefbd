import { expect, test } from "./fixtures";

test("the theme cycles system → light → dark → system and survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: /^Theme:/ });

  await expect(toggle).toHaveAttribute("data-theme-choice", "system");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "light");
  await expect(html).not.toHaveClass(/dark/);
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "dark");
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute("data-theme-choice", "dark");

  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "system");
  await expect(html).not.toHaveClass(/dark/);
  // In system mode the page follows the operating system, live.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/dark/);
});

test("a value other than the three themes in storage is ignored", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("theme", "purple"));
  await page.reload();
  await expect(page.getByRole("button", { name: /^Theme:/ })).toHaveAttribute("data-theme-choice", "system");
});

test("a change of theme switches the colours at once: no button eases through half-way colours", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  // Counted right after the change, before any frame is drawn (getAnimations brings styles up to date first): a colour
  // transition would be running by then.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      observer.disconnect();
      const running = document.getAnimations().filter((animation) => animation instanceof CSSTransition && animation.playState === "running").length;
      document.documentElement.dataset.easingAtChange = String(running);
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-easing-at-change", "0");
  await expect(page.locator("html")).toHaveClass(/dark/);
});
