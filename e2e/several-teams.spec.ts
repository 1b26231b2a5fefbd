// A person in two teams (decision 029): Bob creates a second team from the switcher, Riley joins it; each of Bob's
// tabs acts in its own team, the switcher (and "g" then "t") moves between them, and a reload keeps the choice.
import { call, expect, logBlocker, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

test("Bob works in two teams: the switcher, its counts, one team's blockers at a time, a team per tab", async ({ page: riley, teammate, bob, baseURL }) => {
  test.slow(); // two people, two teams, three tabs
  const origin = baseURL ?? "";
  await bob.page.goto("/dashboard");
  const teamCard = bob.page.getByTestId("team-card");
  await expect(teamCard).toContainText(teammate.teamName);

  // A second team, from the switcher.
  await teamCard.getByRole("button", { name: `${teammate.teamName}: switch team` }).click();
  await bob.page.getByRole("menuitem", { name: "Create a team" }).click();
  const dialog = bob.page.getByRole("dialog", { name: "Create a team" });
  await dialog.getByLabel("Team name").fill("Growth Guild");
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(teamCard).toContainText("Growth Guild");
  await expect(teamCard).toContainText("1 member");
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("0");

  // Riley joins it from Bob's invitation, and logs one blocker on Bob in each team.
  const teams = (await call(bob.page.request, origin, "get", "/api/teams")) as unknown as { id: string; name: string }[];
  const growthId = teams.find((team) => team.name === "Growth Guild")?.id ?? "";
  await call(bob.page.request, origin, "post", "/api/team/invitations", { emails: [teammate.email] }, growthId);
  const token = new URL(linkIn(await receivedMail(riley.request, teammate.email, "Growth Guild"))).searchParams.get("invite") ?? "";
  await call(riley.request, origin, "post", `/api/invitations/${token}/accept`, { token });
  await logBlocker(riley.request, origin, "Growth: launch checklist", ["Bob Stone"], growthId);
  await logBlocker(riley.request, origin, "Checkout: card form review", ["Bob Stone"]);

  // Bob's tab on Growth Guild sees its blocker only, live.
  const waitingOnMe = bob.page.getByTestId("waiting-on-me-list");
  await expect(waitingOnMe.getByRole("link", { name: "Growth: launch checklist" })).toBeVisible();
  await expect(waitingOnMe.getByRole("link", { name: "Checkout: card form review" })).toHaveCount(0);
  await expect(teamCard).toContainText("2 members");

  // The switcher, from the keyboard, shows what waits on him in the other team; choosing it switches.
  await bob.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await bob.page.keyboard.press("g");
  await bob.page.keyboard.press("t");
  const checkout = bob.page.getByRole("menuitemradio", { name: new RegExp(teammate.teamName) });
  await expect(checkout).toContainText("1");
  await expect(bob.page.getByRole("menuitemradio", { name: /Growth Guild/ })).toHaveAttribute("aria-checked", "true");
  await checkout.click();
  await expect(teamCard).toContainText(teammate.teamName);
  await expect(waitingOnMe.getByRole("link", { name: "Checkout: card form review" })).toBeVisible();
  await expect(waitingOnMe.getByRole("link", { name: "Growth: launch checklist" })).toHaveCount(0);

  // A reload keeps the tab's team.
  await bob.page.reload();
  await expect(teamCard).toContainText(teammate.teamName);
  await expect(waitingOnMe.getByRole("link", { name: "Checkout: card form review" })).toBeVisible();

  // A second tab starts in the last team chosen, and switches on its own: the first tab still acts in its team.
  const secondTab = await bob.page.context().newPage();
  await secondTab.goto("/dashboard");
  const secondCard = secondTab.getByTestId("team-card");
  await expect(secondCard).toContainText(teammate.teamName);
  await secondCard.getByRole("button", { name: /switch team/ }).click();
  await secondTab.getByRole("menuitemradio", { name: /Growth Guild/ }).click();
  await expect(secondTab.getByTestId("waiting-on-me-list").getByRole("link", { name: "Growth: launch checklist" })).toBeVisible();

  await waitingOnMe.getByRole("button", { name: "Mark done: Checkout: card form review" }).click();
  await expect(waitingOnMe.getByRole("link", { name: "Checkout: card form review" })).toHaveCount(0);
  await expect(teamCard).toContainText(teammate.teamName);
  await expect(secondTab.getByTestId("waiting-on-me-list").getByRole("link", { name: "Growth: launch checklist" })).toBeVisible();
  await secondTab.close();
});
