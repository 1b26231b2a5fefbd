// Outgoing webhooks (issue #14): an admin adds one on the integrations page, pointing at a receiver started here (the
// e2e server allows private addresses: WEBHOOKS_ALLOW_PRIVATE=true in playwright.config.ts), copies its secret, logs a
// blocker, and sees the signed delivery arrive and appear in the webhook's log; axe finds nothing in light or dark.
import { createHmac } from "node:crypto";
import { startWebhookReceiver } from "../server/test/webhook-receiver.ts";
import { seriousViolations } from "./axe";
import { expect, logBlocker, test } from "./fixtures";

test("an admin adds a webhook, a new blocker is delivered to it, signed, and shows in its log; axe light and dark", async ({ page, baseURL, bob }) => {
  test.slow();
  const receiver = await startWebhookReceiver();
  try {
    await page.goto("/organization/integrations");
    const card = page.getByRole("heading", { name: "Outgoing webhooks" });
    await expect(card).toBeVisible();
    await expect(page.getByText("No webhooks yet.")).toBeVisible();

    await page.getByRole("button", { name: "Add webhook" }).click();
    const form = page.getByRole("dialog", { name: "Add a webhook" });
    await form.getByLabel("Endpoint URL").fill(`${receiver.url}/holdup`);
    await form.getByLabel("Description (optional)").fill("Ops dashboard");
    await expect(form.getByRole("checkbox", { name: /Blocker logged/ })).toBeChecked();
    expect(await seriousViolations(page), "the form").toEqual([]);
    await form.getByRole("button", { name: "Add webhook" }).click();

    const secretDialog = page.getByRole("dialog", { name: "The webhook's signing secret" });
    await expect(secretDialog).toBeVisible();
    const secret = await secretDialog.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await secretDialog.getByRole("button", { name: "I have copied it" }).click();
    await expect(secretDialog).toBeHidden();
    const webhook = page.getByTestId("webhook");
    await expect(webhook.getByText(`${receiver.url}/holdup`)).toBeVisible();
    await expect(webhook.getByText("No deliveries yet")).toBeVisible();

    const blockerId = await logBlocker(page.request, baseURL ?? "", "Webhook journey", [bob.fullName]);
    const delivered = await receiver.next((request) => request.body.includes(blockerId));
    // As a receiver checks it: HMAC-SHA256 of "id.timestamp.body" under the secret's bytes.
    const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(`${String(delivered.headers["webhook-id"])}.${String(delivered.headers["webhook-timestamp"])}.${delivered.body}`)
      .digest("base64");
    expect(String(delivered.headers["webhook-signature"])).toBe(`v1,${expected}`);
    expect(JSON.parse(delivered.body)).toMatchObject({ type: "blocker.created", data: { blocker: { id: blockerId, title: "Webhook journey" } } });

    await webhook.getByRole("button", { name: "Deliveries" }).click();
    const attempt = webhook.getByTestId("delivery-attempt").filter({ hasText: String(delivered.headers["webhook-id"]) });
    await expect(attempt).toBeVisible();
    await expect(attempt).toContainText("blocker.created");
    await expect(attempt).toContainText("200");
    await expect(attempt).toContainText("Attempt 1");

    // Redeliver: the same delivery again, with the same id.
    await attempt.getByRole("button", { name: /Redeliver/ }).click();
    await expect(page.getByText("Sent again: the attempt shows here in a moment.")).toBeVisible();
    await expect.poll(() => receiver.received.filter((request) => request.headers["webhook-id"] === delivered.headers["webhook-id"]).length).toBe(2);
    await expect(webhook.getByTestId("delivery-attempt").filter({ hasText: "Attempt 2" })).toContainText("sent again by hand");

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/organization/integrations");
      await expect(page.getByTestId("webhook").getByText(/Working · last delivery/)).toBeVisible();
      await page.getByTestId("webhook").getByRole("button", { name: "Deliveries" }).click();
      await expect(page.getByTestId("delivery-attempt").first()).toBeVisible();
      expect(await seriousViolations(page), `integrations with the delivery log, ${colorScheme}`).toEqual([]);
    }

    // Deleting is asked for again first, then the webhook is gone.
    const host = new URL(receiver.url).host;
    await page.getByRole("button", { name: `Delete the webhook to ${host}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the webhook to ${host}?` });
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByTestId("webhook")).toHaveCount(0);
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
