// Personal settings through axe, in light and dark: the sessions list, the two-factor set-up, deleting the account.
import { expect, STRONG_PASSWORD, test } from "./fixtures";
import { inEachColorScheme, seriousViolations } from "./axe";

inEachColorScheme(() => {
  test("personal settings: the sessions list, the two-factor set-up with its QR code, and deleting the account", async ({ page, teammate }) => {
    await page.goto("/settings/personal");
    await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
    expect(await seriousViolations(page), "personal settings").toEqual([]);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.getByRole("dialog").getByLabel("Current password").fill(STRONG_PASSWORD);
    await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
    expect(await seriousViolations(page), "two-factor set-up").toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete account…" }).click();
    await expect(page.getByRole("dialog").getByLabel(`Type ${teammate.email} to confirm`)).toBeVisible();
    expect(await seriousViolations(page), "deleting the account").toEqual([]);
  });
});
