import sharp from "sharp";
import { authenticatorCode, wrongAuthenticatorCode } from "../server/test/authenticator.ts";
import { expect, logBlocker, makeEmail, STRONG_PASSWORD, test } from "./fixtures";
import type { Browser } from "@playwright/test";
import { linkIn, receivedMail } from "./mailbox";

/** A fresh browser of the same person, on the sign-in page with their e-mail and password sent. */
async function passwordSignIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return { context, page };
}

test("personal settings change the name and time zone, and the profile card follows", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  const aboutYou = page.getByRole("region", { name: "About you" });
  await expect(aboutYou.getByLabel("Full name")).toHaveValue(teammate.fullName);
  await expect(aboutYou.getByLabel("Time zone")).toHaveValue("Europe/Berlin");

  await aboutYou.getByLabel("Full name").fill("");
  await aboutYou.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();

  await aboutYou.getByLabel("Full name").fill("Riley Jordan-Park");
  await aboutYou.getByLabel("Time zone").selectOption("America/New_York");
  await aboutYou.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.getByTestId("profile-card")).toContainText("Riley Jordan-Park");

  await page.reload();
  await expect(aboutYou.getByLabel("Time zone")).toHaveValue("America/New_York");
});

test("working hours: the days and the hours reminders may reach me, kept after a reload", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  const aboutYou = page.getByRole("region", { name: "About you" });
  await expect(aboutYou.getByLabel("Full name")).toHaveValue(teammate.fullName);
  const days = aboutYou.getByRole("group", { name: "Working days" });
  await expect(days.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(days.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
  await expect(aboutYou.getByLabel("From")).toHaveValue("09:00");
  await expect(aboutYou.getByLabel("Until")).toHaveValue("17:00");

  await days.getByText("Fri", { exact: true }).click();
  await days.getByText("Sat", { exact: true }).click();
  await aboutYou.getByLabel("From").fill("08:30");
  await aboutYou.getByLabel("Until").fill("08:00");
  await aboutYou.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("End after the start")).toBeVisible();

  await aboutYou.getByLabel("Until").fill("16:30");
  await aboutYou.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(aboutYou.getByRole("group", { name: "Working days" }).getByRole("checkbox", { name: "Friday" })).not.toBeChecked();
  await expect(aboutYou.getByRole("group", { name: "Working days" }).getByRole("checkbox", { name: "Saturday" })).toBeChecked();
  await expect(aboutYou.getByLabel("From")).toHaveValue("08:30");
  await expect(aboutYou.getByLabel("Until")).toHaveValue("16:30");
});

test("two-factor authentication: set up with an authenticator app, then signing in asks for its code, or a backup code", async ({ page, browser, teammate }) => {
  await page.goto("/settings/personal");
  await expect(page.getByText("Off", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current password").fill("wrong password, surely");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("That is not your current password.")).toBeVisible();
  await dialog.getByLabel("Current password").fill(STRONG_PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const key = (await dialog.getByTestId("authenticator-key").textContent()) ?? "";
  await dialog.getByLabel("Six-digit code").fill(await authenticatorCode(key));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByRole("heading", { name: "Two-factor authentication is on" })).toBeVisible();
  const backupCodes = (await dialog.getByTestId("backup-codes").getByRole("listitem").allTextContents()).map((code) => code.trim());
  expect(backupCodes).toHaveLength(10);
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  // Another browser: the password, then the app's code.
  const { context: laptop, page: second } = await passwordSignIn(browser, teammate.email);
  await expect(second.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);
  await second.getByLabel("Six-digit code").fill(await wrongAuthenticatorCode(key));
  await expect(second.getByText("That code is not right.", { exact: false })).toBeVisible();
  await second.getByLabel("Six-digit code").fill(await authenticatorCode(key));
  await expect(second).toHaveURL(/\/dashboard$/);
  await laptop.close();

  // And a third, with a backup code instead.
  const { context: phone, page: third } = await passwordSignIn(browser, teammate.email);
  await third.getByRole("button", { name: "Use a backup code instead" }).click();
  await third.getByLabel("Backup code").fill(backupCodes[0] ?? "");
  await third.getByRole("button", { name: "Verify" }).click();
  await expect(third).toHaveURL(/\/dashboard$/);
  await phone.close();
});

test("a picture chosen in the settings is re-encoded by the server and shown on the profile card, and can be removed", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  await expect(page.getByLabel("Full name")).toHaveValue(teammate.fullName);
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: picture });
  await expect(page.getByText("Picture saved.")).toBeVisible();
  const cardPicture = page.getByTestId("profile-card").locator("img");
  await expect(cardPicture).toHaveAttribute("src", /^\/api\/avatars\/[0-9a-f-]+\.webp$/);
  await expect.poll(() => cardPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

  await page.getByTestId("avatar-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(page.getByText("Choose a PNG, JPEG or WebP image.")).toBeVisible();
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Picture removed.")).toBeVisible();
  await expect(page.getByTestId("profile-card").locator("img")).toHaveCount(0);
});

test("signing out another device from the sessions list sends that browser to the sign-in page at once", async ({ page, browser, teammate }) => {
  const { context: other, page: elsewhere } = await passwordSignIn(browser, teammate.email);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  await page.goto("/settings/personal");
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByRole("listitem").first()).toContainText("This device");
  await devices.getByRole("listitem").nth(1).getByRole("button", { name: /^Sign out / }).click();
  await expect(page.getByText("is signed out.")).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  // Its live stream ends with its session: the other browser notices without being touched.
  await expect(elsewhere).toHaveURL(/\/login$/, { timeout: 15_000 });
  await other.close();
});

test("changing the e-mail address: a link to the new address, and the account moves when it is opened", async ({ page, teammate }) => {
  const newEmail = makeEmail("moved");
  await page.goto("/settings/personal");
  await expect(page.getByTestId("current-email")).toHaveText(teammate.email);
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.locator("form", { has: page.getByLabel("New e-mail address") }).getByLabel("Current password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(teammate.email);

  const mail = await receivedMail(page.request, newEmail, "new e-mail");
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/settings\/personal$/);
  await expect(page.getByText("Your e-mail address is changed.")).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(newEmail);
  await expect(page.getByTestId("profile-card")).toContainText(newEmail);
});

test("changing the password signs the other devices out", async ({ page, teammate }) => {
  await page.goto("/settings/personal");
  const form = page.locator("form", { has: page.getByLabel("New password") });
  await form.getByLabel("Current password").fill(STRONG_PASSWORD);
  await form.getByLabel("New password").fill("password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Choose a stronger password:")).toBeVisible();
  await form.getByLabel("New password").fill(`${STRONG_PASSWORD} and more`);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other devices are signed out.")).toBeVisible();
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email: teammate.email, password: `${STRONG_PASSWORD} and more` }, headers: { origin: new URL(page.url()).origin } });
  expect(signIn.status()).toBe(200);
});

test("deleting an account: the team's only owner is asked to hand over first; a teammate's deletion keeps the blocker, naming them a former member", async ({ page, baseURL, bob }) => {
  const blockerId = await logBlocker(page.request, baseURL ?? "", "Security review of the payments API", [bob.fullName]);
  await page.goto("/settings/personal");
  await page.getByRole("button", { name: "Delete account…" }).click();
  await expect(page.getByRole("dialog").getByText("You are the only owner of Checkout Squad.", { exact: false })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Delete my account" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const bobPage = bob.page;
  await bobPage.goto("/settings/personal");
  await bobPage.getByRole("button", { name: "Delete account…" }).click();
  const dialog = bobPage.getByRole("dialog");
  await expect(dialog.getByText("You leave Checkout Squad", { exact: false })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${bob.email} to confirm`).fill(bob.email);
  await dialog.getByLabel("Current password").fill(STRONG_PASSWORD);
  await confirm.click();
  await expect(bobPage).toHaveURL(/\/login$/);
  await expect(bobPage.getByText("Your account is deleted.")).toBeVisible();

  await page.goto(`/blockers/${blockerId}`);
  await expect(page.getByText(`${bob.fullName} (former member)`).first()).toBeVisible();
});
