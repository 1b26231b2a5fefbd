// GitHub (issue #14): an admin connects the team on the integrations page and copies the payload URL and the secret;
// the test then plays GitHub — a merged pull request's delivery, signed with that secret (node:crypto, in
// server/test/github-payloads.ts) — for a blocker logged with that pull request's link, and the blocker's page shows it
// resolved by GitHub, the pull request merged; the card lists the repository, verified. axe finds nothing, light or dark.
import { pullRequestEvent, sendGithubDelivery } from "../server/test/github-payloads.ts";
import { seriousViolations } from "./axe";
import { call, expect, test } from "./fixtures";

const REPO = "acme/payments-api";

test("an admin connects GitHub, a merged pull request resolves the blocker linking to it, by GitHub; axe light and dark", async ({ page, baseURL, bob }) => {
  test.slow();
  await page.goto("/organization/integrations");
  const card = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "GitHub", exact: true }) });
  await expect(card.getByText(/A blocker linking to a pull request/)).toBeVisible();
  await card.getByRole("button", { name: "Connect GitHub" }).click();

  const dialog = page.getByRole("dialog", { name: "Paste these into GitHub" });
  await expect(dialog).toBeVisible();
  const payloadUrl = await dialog.getByRole("textbox", { name: "Payload URL" }).inputValue();
  const secret = await dialog.getByRole("textbox", { name: "Secret" }).inputValue();
  expect(payloadUrl).toMatch(/\/api\/integrations\/github\/webhook\/[0-9a-f-]{36}$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText("application/json")).toBeVisible();
  expect(await seriousViolations(page), "the payload URL and secret").toEqual([]);
  await dialog.getByRole("button", { name: "I have copied them" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("github-webhook-url")).toHaveText(payloadUrl);
  await expect(card.getByText(/No deliveries yet/)).toBeVisible();

  const people = (await call(page.request, baseURL ?? "", "get", "/api/people")) as unknown as { id: string; fullName: string | null }[];
  const bobId = people.find((person) => person.fullName === bob.fullName)?.id;
  const linkUrl = `https://github.com/${REPO}/pull/42`;
  const { id: blockerId } = await call(page.request, baseURL ?? "", "post", "/api/blockers", { title: "Review the refunds endpoint", blockingProfileIds: [bobId], linkUrl });

  // GitHub, as the repository's webhook: the pull request merged.
  const delivered = await sendGithubDelivery(payloadUrl, secret, { event: "pull_request", payload: pullRequestEvent({ action: "closed", repository: REPO, number: 42, merged: true, title: "Add the refunds endpoint" }) });
  expect(delivered.status, JSON.stringify(delivered.json)).toBe(200);

  await page.goto(`/blockers/${String(blockerId)}`);
  await expect(page.getByRole("heading", { name: "Review the refunds endpoint" })).toBeVisible();
  await expect(page.locator("[data-status=resolved]")).toBeVisible();
  await expect(page.getByTestId("github-state").locator("[data-state=merged]")).toHaveText("Merged");
  await expect(page.getByTestId("github-state")).toContainText("#42 Add the refunds endpoint");
  await expect(page.getByText(`GitHub marked ${bob.fullName}'s part done: pull request #42 was merged`)).toBeVisible();
  await expect(page.getByText("Resolved by GitHub: nobody is left pending")).toBeVisible();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/organization/integrations");
    const repository = page.getByTestId("github-repository");
    await expect(repository).toContainText(REPO);
    await expect(repository.getByText("Verified")).toBeVisible();
    expect(await seriousViolations(page), `integrations with GitHub connected, ${colorScheme}`).toEqual([]);
  }
});
