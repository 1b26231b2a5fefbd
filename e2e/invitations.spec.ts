// Invitations from both sides (issue #10): the owner's pending list (roles, copy, revoke) and the invitations a
// person received from another team, joined from /invites while staying in their own.
import { call, createPerson, expect, makeEmail, test } from "./fixtures";

test("the owner invites as admin, copies a link and revokes an invitation; Bob joins another team from /invites", async ({ page, bob, browser, baseURL }) => {
  test.slow(); // three people
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const [kept, revoked] = [makeEmail("kept"), makeEmail("revoked")];
  await page.goto("/organization/invites");
  await page.getByLabel("E-mail addresses").fill(`${kept}, ${revoked}`);
  await page.getByLabel("Invite as").selectOption("admin");
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByText("2 invitations sent.")).toBeVisible();
  const pending = page.getByTestId("pending-invitation");
  await expect(pending).toHaveCount(2);
  await expect(pending.filter({ hasText: kept })).toContainText("Admin");
  // At a phone's width the long addresses and dates fit, without the page scrolling sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: `Copy the invitation link for ${kept}` }).click();
  await expect(page.getByText(`Invitation link for ${kept} copied.`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/signup\?invite=\w+&email=/);

  await page.getByRole("button", { name: `Revoke the invitation for ${revoked}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`The invitation for ${revoked} was revoked.`)).toBeVisible();
  await expect(pending).toHaveCount(1);

  // Dana, of another team, invites Bob; Bob answers on /invites.
  const context = await browser.newContext();
  await createPerson(context.request, baseURL ?? "", { fullName: "Dana Cruz", teamName: "Design Guild", onboarded: true });
  await call(context.request, baseURL ?? "", "post", "/api/team/invitations", { emails: [bob.email] });
  await bob.page.goto("/invites");
  const received = bob.page.getByTestId("received-invitation");
  await expect(received).toContainText("Design Guild");
  await expect(received).toContainText("Invited by Dana Cruz");
  await bob.page.getByRole("button", { name: "Join Design Guild" }).click();
  await expect(bob.page.getByText("Welcome to Design Guild!")).toBeVisible();
  await expect(bob.page).toHaveURL(/\/dashboard$/);
  await expect(bob.page.getByTestId("team-card")).toContainText("Design Guild");
  await bob.page.goto("/invites");
  await expect(bob.page.getByText("No invitations")).toBeVisible();
  await context.close();
});
