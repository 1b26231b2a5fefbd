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

test("working hours: the days and the hours reminders may reach me, kept after a reload", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  await expect(page.getByLabel("Full name")).toHaveValue(teammate.fullName);
  const days = page.getByRole("group", { name: "Working days" });
  await expect(days.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(days.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
  await expect(page.getByLabel("From")).toHaveValue("09:00");
  await expect(page.getByLabel("Until")).toHaveValue("17:00");

  await days.getByText("Fri", { exact: true }).click();
  await days.getByText("Sat", { exact: true }).click();
  await page.getByLabel("From").fill("08:30");
  await page.getByLabel("Until").fill("08:00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("End after the start")).toBeVisible();

  await page.getByLabel("Until").fill("16:30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Working days" }).getByRole("checkbox", { name: "Friday" })).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Working days" }).getByRole("checkbox", { name: "Saturday" })).toBeChecked();
  await expect(page.getByLabel("From")).toHaveValue("08:30");
  await expect(page.getByLabel("Until")).toHaveValue("16:30");
});
