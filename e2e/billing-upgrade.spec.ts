// Upgrading to Plus through Stripe Checkout, on the e2e server that has payments set up (e2e/serve.ts: its Stripe
// stand-in hosts Checkout's page, and sends Stripe's signed events back when it is paid).
import { expect, makeEmail, STRONG_PASSWORD, test, waitForHydration } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

test.use({ baseURL: `http://localhost:${process.env.E2E_BILLING_PORT ?? 3102}` });

test("an owner upgrades the team to Plus through Stripe Checkout, and comes back to a Plus team", async ({ page, teammate }) => {
  await page.goto("/organization/billing");
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await page.getByRole("button", { name: /^Upgrade to Plus/ }).click();

  await expect(page.getByRole("heading", { name: "Pay Holdup Plus" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe" }).click();

  await expect(page).toHaveURL(/\/organization\/billing\?checkout=success$/);
  await expect(page.getByTestId("current-plan")).toHaveText("Plus");
  await expect(page.getByText("Your team is on Plus now.")).toBeVisible();
  await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
});

test("the landing page's Plus button: sign up, onboard, and Checkout opens; paid, the new team is on Plus", async ({ page }) => {
  const email = makeEmail("plus");
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Get Plus" }).click();
  await expect(page).toHaveURL(/\/signup\?plan=plus$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(linkIn(await receivedMail(page.request, email, "Confirm your e-mail")));

  await page.getByLabel("Full name").fill("Avery Quinn");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Team name").fill("Paying Customers");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();

  await expect(page.getByRole("heading", { name: "Pay Holdup Plus" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/organization\/billing\?checkout=success$/);
  await expect(page.getByTestId("current-plan")).toHaveText("Plus");
  await expect(page.getByTestId("team-card")).toContainText("Paying Customers");
});
