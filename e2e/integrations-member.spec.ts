// The integrations page as a plain member sees it (issue #14): the team's GitHub connection and webhooks with their
// health, and nothing the server would refuse them — no Add, Connect, Rotate, Disconnect, delivery log or payload
// URL, but who to ask. The owner sets things up through the API; Bob, a member, looks in his own browser.
import { seriousViolations } from "./axe";
import { call, expect, test } from "./fixtures";

test("a member sees the team's integrations and their health, and is offered nothing only owners and admins may do; axe light and dark", async ({ page, baseURL, bob }) => {
  await call(page.request, baseURL ?? "", "post", "/api/team/webhooks", { url: "https://hooks.example.com/holdup", events: ["blocker.created"], description: "Ops dashboard" });
  await call(page.request, baseURL ?? "", "post", "/api/team/github");

  const member = bob.page;
  await member.goto("/organization/integrations");
  const webhook = member.getByTestId("webhook");
  await expect(webhook.getByText("hooks.example.com", { exact: true })).toBeVisible();
  await expect(webhook.getByText(/No deliveries yet/)).toBeVisible();
  await expect(member.getByText("Owners and admins of your team add and change webhooks.")).toBeVisible();
  await expect(member.getByText(/Connected by .+ on /)).toBeVisible();
  await expect(member.getByText(/No deliveries yet\. GitHub sends one/)).toBeVisible();
  await expect(member.getByText("Slack is not connected. An owner or admin of your team can connect it here.")).toBeVisible();
  // Nothing the server keeps for owners and admins: the full address, the payload URL, the buttons that change things.
  await expect(member.getByText("https://hooks.example.com/holdup")).toHaveCount(0);
  await expect(member.getByText("Payload URL")).toHaveCount(0);
  await expect(member.getByRole("link", { name: /Add to Slack/ })).toHaveCount(0);
  for (const name of [/Add webhook/, /Deliveries/, /Rotate/, /Disconnect/, /Delete/, /Turn off/, /Connect GitHub/, /Add to Slack/]) await expect(member.getByRole("button", { name })).toHaveCount(0);
  for (const colorScheme of ["light", "dark"] as const) {
    await member.emulateMedia({ colorScheme });
    expect(await seriousViolations(member), `the member's integrations page, ${colorScheme}`).toEqual([]);
  }
});
