// A visitor writes to support from /support: the form's checks, the mail the support team receives, and the hourly
// limit per sender. The server allows 5 requests per client an hour, and every test here comes from the same client:
// together they send exactly 5 (1 + 3 accepted + 1 refused), so none may send more.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, makeEmail, test, waitForHydration } from "./fixtures";
import { receivedMail } from "./mailbox";

const SUPPORT_ADDRESS = "support@localhost";

async function openSupport(page: Page) {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await waitForHydration(page);
  return page.getByRole("form", { name: "Contact support" });
}

/** Every request the page sends to the support endpoint. */
function watchSupportRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/support") sent.push(request.method());
  });
  return sent;
}

test("the form names each missing or wrong field and sends nothing until they are right", async ({ page }) => {
  const sent = watchSupportRequests(page);
  const form = await openSupport(page);
  const name = form.getByLabel("Your name");
  const email = form.getByLabel("Your e-mail");
  const message = form.getByLabel("How can we help?");

  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Enter your name")).toBeVisible();
  await expect(form.getByText("Enter your e-mail address")).toBeVisible();
  await expect(form.getByText("Write at least 10 characters")).toBeVisible();
  for (const field of [name, email, message]) await expect(field).toHaveAttribute("aria-invalid", "true");
  // The first field at fault takes the focus.
  await expect(name).toBeFocused();

  await name.fill("Jordan Reyes");
  await email.fill("jordan.example.com");
  await message.fill("The dashboard does not load after I sign in.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "false");
  await expect(message).toHaveAttribute("aria-invalid", "false");
  await expect(form.getByText("Enter your name")).toHaveCount(0);

  expect(sent, "requests sent to /api/support").toEqual([]);
});

test("a sent message is confirmed and reaches the support mailbox, with the sender as the address to reply to", async ({ page }) => {
  const sender = { name: `Jordan Reyes ${randomBytes(3).toString("hex")}`, email: makeEmail("jordan") };
  const text = "Our team's invitations expire before people open them. Can the expiry be longer?";
  const form = await openSupport(page);
  await form.getByLabel("Your name").fill(sender.name);
  await form.getByLabel("Your e-mail").fill(sender.email);
  await form.getByLabel("How can we help?").fill(text);
  await form.getByRole("button", { name: "Send message" }).click();

  const confirmation = page.getByRole("heading", { name: "Message sent" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(page.getByText(`Thank you. We received your message and will answer at ${sender.email}.`)).toBeVisible();

  const mail = await receivedMail(page.request, SUPPORT_ADDRESS, `Support request from ${sender.name}`);
  expect(mail.replyTo).toBe(sender.email);
  expect(mail.text).toContain(`E-mail: ${sender.email}`);
  expect(mail.text).toContain(text);
  expect(mail.text).toContain("Signed in: no");
});

test("a fourth message from the same address within the hour is refused, and the form keeps what was written", async ({ page }) => {
  // A new address each run: the limit is counted per address.
  const email = makeEmail("casey");
  const form = await openSupport(page);
  const write = async (attempt: number) => {
    await form.getByLabel("Your name").fill("Casey Morgan");
    await form.getByLabel("Your e-mail").fill(email);
    await form.getByLabel("How can we help?").fill(`Question number ${attempt} about exporting our blockers.`);
    await form.getByRole("button", { name: "Send message" }).click();
  };

  for (let attempt = 1; attempt <= 3; attempt++) {
    await write(attempt);
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(form.getByLabel("How can we help?")).toHaveValue("");
  }

  await write(4);
  await expect(form.getByRole("alert")).toContainText("Too many support requests");
  await expect(page.getByRole("heading", { name: "Message sent" })).toHaveCount(0);
  await expect(form.getByLabel("How can we help?")).toHaveValue("Question number 4 about exporting our blockers.");
  await expect(form.getByLabel("Your e-mail")).toHaveValue(email);
});
