// The team's pages through axe, in light and dark: the dashboard and team switcher, members, invitations, billing.
import { call, expect, makeEmail, test } from "./fixtures";
import { inEachColorScheme, seriousViolations } from "./axe";

inEachColorScheme(() => {
  test("dashboard, the team switcher and its create-a-team dialog", async ({ page, teammate }) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("team-card")).toContainText(teammate.teamName);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: `${teammate.teamName}: switch team` }).click();
    await expect(page.getByRole("menuitemradio", { name: teammate.teamName })).toBeVisible();
    expect(await seriousViolations(page), "switcher").toEqual([]);
    await page.getByRole("menuitem", { name: "Create a team" }).click();
    await expect(page.getByRole("dialog", { name: "Create a team" })).toBeVisible();
    expect(await seriousViolations(page), "create a team").toEqual([]);
  });

  test("the team's members (/organization/access), with a removal to confirm, and at 375 px", async ({ page, bob }) => {
    await page.goto("/organization/access");
    await expect(page.getByTestId("member-row").filter({ hasText: bob.fullName })).toBeVisible();
    expect(await seriousViolations(page), "access").toEqual([]);
    await page.getByRole("button", { name: `More actions for ${bob.fullName}` }).click();
    await page.getByRole("menuitem", { name: "Remove from team…" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await seriousViolations(page), "removal").toEqual([]);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId("member-row").filter({ hasText: bob.fullName })).toBeVisible();
    expect(await seriousViolations(page), "375 px").toEqual([]);
  });

  test("the invite page with a pending invitation, and the invitations received", async ({ page, teammate, baseURL }) => {
    await call(page.request, baseURL ?? "", "post", "/api/team/invitations", { emails: [makeEmail("pending")], role: "admin" });
    await page.goto("/organization/invites");
    await expect(page.getByTestId("pending-invitation")).toHaveCount(1);
    expect(await seriousViolations(page), "invites").toEqual([]);
    await page.goto("/invites");
    await expect(page.getByRole("heading", { name: "Invitations", level: 1 })).toBeVisible();
    expect(await seriousViolations(page), "received").toEqual([]);
    expect(teammate.email).toContain("@");
  });

  test("the billing page of a self-hosted Holdup", async ({ page, teammate }) => {
    await page.goto("/organization/billing");
    await expect(page.getByTestId("current-plan")).toHaveText("Plus");
    await expect(page.getByText("Every team on this server has Plus: payments are not set up here.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Upgrade to Plus/ })).toHaveCount(0);
    expect(await seriousViolations(page), "billing").toEqual([]);
    expect(teammate.email).toContain("@");
  });
});
