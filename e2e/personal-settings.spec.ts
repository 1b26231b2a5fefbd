import { expect, test } from "./fixtures";

test("personal settings change the name and time zone, and the profile card follows", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  await expect(page.getByLabel("Full name")).toHaveValue(teammate.fullName);
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");

  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();

  await page.getByLabel("Full name").fill("Riley Jordan-Park");
  await page.getByLabel("Time zone").selectOption("America/New_York");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.getByTestId("profile-card")).toContainText("Riley Jordan-Park");

  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
});
