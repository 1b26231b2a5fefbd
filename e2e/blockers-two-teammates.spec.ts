import { expect, test } from "./fixtures";
import { receivedMail } from "./mailbox";

test("Alice logs a blocker on Bob; Bob sees it live, gets her nudge by e-mail, marks it done; both find it resolved", async ({ page, teammate: alice, bob }) => {
  const title = "API spec for payments";
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("0");

  await page.goto("/add");
  await page.getByLabel("What are you waiting for?").fill(title);
  await page.getByLabel("Waiting on", { exact: true }).click();
  await page.getByPlaceholder("Search by name or e-mail…").fill("Bob");
  await page.getByRole("option", { name: /Bob Stone/ }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add blocker" }).click();
  await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Blocker added")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Bob's counter and list change without a reload.
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  await expect(bob.page.getByTestId("waiting-on-me-list").getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByTestId("im-waiting-on")).toHaveText("1");

  await page.getByRole("button", { name: "Nudge Bob Stone" }).click();
  await expect(page.getByText("Nudged Bob Stone.")).toBeVisible();
  // A nudge's subject is a reminder's, with how long it has waited: never the new-blocker e-mail's again.
  const nudge = await receivedMail(page.request, bob.email, `Reminder: ${title}`);
  expect(nudge.subject).toMatch(new RegExp(`^Reminder: ${title} \\(waiting (less than a minute|\\d+ minutes?)\\)$`));
  expect(nudge.text).toContain(`${alice.fullName} is still waiting on you`);
  const cooledDown = page.getByRole("button", { name: "Nudge Bob Stone" });
  await expect(cooledDown).toHaveAttribute("aria-disabled", "true");
  // Its tooltip (loaded when first shown) says when, for the keyboard too.
  await cooledDown.focus();
  await expect(page.getByRole("tooltip")).toContainText("You can nudge Bob Stone again at");

  await bob.page.getByTestId("waiting-on-me-list").getByRole("button", { name: `Mark done: ${title}` }).click();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("0");
  await expect(page.getByTestId("im-waiting-on")).toHaveText("0");

  for (const person of [page, bob.page]) {
    await person.goto("/resolved");
    await expect(person.getByRole("link", { name: title })).toBeVisible();
  }
});
