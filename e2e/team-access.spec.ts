// Members and roles (issue #10): an owner invites a teammate from the invite page; the teammate joins from the
// e-mail's link in one screen and lands in the team; the owner's team card counts them at once; the owner
// makes them admin on /organization/access, and the new admin sees the page as an admin.
import { expect, STRONG_PASSWORD, makeEmail, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

test("an owner invites a teammate, who signs up from the e-mail and lands in the team; the owner makes them admin", async ({ page, teammate, browser }) => {
  test.slow(); // a sign-up in a second browser
  const email = makeEmail("jordan");
  await page.goto("/organization/invites");
  await page.getByLabel("E-mail addresses").fill(email);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  const teamCard = page.getByTestId("team-card");
  await expect(teamCard).toContainText("1 member");

  // The teammate, in their own browser, from the e-mail's link.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  const invitation = await receivedMail(invitee.request, email, `invited you to ${teammate.teamName}`);
  // One screen (decision 051): the link proves the address, so a name and a password are all it takes.
  await invitee.goto(linkIn(invitation));
  await expect(invitee.getByLabel("E-mail")).toHaveValue(email);
  await invitee.getByLabel("Full name").fill("Jordan Park");
  await invitee.getByLabel("Password").fill(STRONG_PASSWORD);
  await invitee.getByRole("button", { name: `Join ${teammate.teamName}` }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByText(`Welcome to ${teammate.teamName}!`)).toBeVisible();
  await expect(invitee.getByTestId("team-card")).toContainText("2 members");

  // The owner's team card counts them without a reload.
  await expect(teamCard).toContainText("2 members");

  await page.goto("/organization/access");
  await expect(page.getByRole("heading", { level: 1, name: "Access" })).toBeVisible();
  const rows = page.getByTestId("member-row");
  await expect(rows).toHaveCount(2);
  const jordan = rows.filter({ hasText: "Jordan Park" });
  await expect(jordan).toContainText(email);
  await jordan.getByLabel("Role of Jordan Park").selectOption("admin");
  await expect(page.getByText("Jordan Park is now Admin.")).toBeVisible();
  // The owner's own row offers no role change, and the only owner cannot leave.
  await expect(rows.filter({ hasText: "(you)" }).getByRole("combobox")).toHaveCount(0);
  await expect(page.getByText("You are this team's only owner")).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave team" })).toHaveCount(0);

  // The new admin: the owner's role is not theirs to change, and they may leave.
  await invitee.goto("/organization/access");
  const ownerRow = invitee.getByTestId("member-row").filter({ hasText: teammate.fullName });
  await expect(ownerRow).toContainText("Owner");
  await expect(ownerRow.getByRole("combobox")).toHaveCount(0);
  await expect(invitee.getByRole("button", { name: "Leave team" })).toBeVisible();

  // Found by name.
  await page.getByLabel("Find a member").fill("park");
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("1 member matches “park”")).toBeVisible();
  await context.close();
});
