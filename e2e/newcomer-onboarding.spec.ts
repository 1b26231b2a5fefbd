import { expect, makeEmail, STRONG_PASSWORD, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

test("a newcomer signs up, onboards and lands on the dashboard with the full sidebar", async ({ page }) => {
  const email = makeEmail("newcomer");
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("password1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toContainText("list of common or leaked passwords");

  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  // With SMTP configured, the address is confirmed first: the link in the e-mail finishes signing up.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const confirmation = await receivedMail(page.request, email, "Confirm your e-mail");
  await page.goto(linkIn(confirmation));

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await page.getByLabel("Full name").fill("Morgan Lee");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.getByLabel("Team name").fill("Mobile Platform");
  await page.getByRole("button", { name: "Create team" }).click();

  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Skip for now" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Hello Morgan" })).toBeVisible();
  await expect(page.getByText("Welcome to Holdup!")).toBeVisible();

  const sidebar = page.locator("[data-sidebar=sidebar]").first();
  for (const entry of ["Home", "Add Blocker", "Resolved Blockers", "Insights", "Notifications", "Settings", "Chat with Support"]) {
    await expect(sidebar.getByRole("link", { name: entry }).or(sidebar.getByRole("button", { name: entry })).first()).toBeVisible();
  }
  await expect(sidebar.getByRole("link", { name: /Chat with Support/ })).toHaveAttribute("target", "_blank");
  await expect(sidebar.getByRole("link", { name: /Chat with Support/ })).toHaveAttribute("href", "/support");

  await sidebar.getByRole("button", { name: "Settings" }).click();
  for (const entry of ["Personal", "Access", "Billing", "Integrations", "Invites"]) {
    await expect(sidebar.getByRole("link", { name: entry })).toBeVisible();
  }

  const team = page.getByTestId("team-card");
  await expect(team).toContainText("Mobile Platform");
  await expect(team).toContainText("1 member");
  await expect(team.getByRole("link", { name: "Invite teammates" })).toHaveAttribute("href", "/organization/invites");

  const profile = page.getByTestId("profile-card");
  await expect(profile).toContainText("Morgan Lee");
  await expect(profile).toContainText(email);
  await expect(profile.getByText("M", { exact: true })).toBeVisible();
  await expect(page.getByTestId("waiting-on-me")).toHaveText("0");
  await expect(page.getByTestId("im-waiting-on")).toHaveText("0");
  await expect(profile.getByRole("link", { name: "View Public Profile" })).toHaveAttribute("href", /^\/user\/[0-9a-f-]{36}$/);
});
