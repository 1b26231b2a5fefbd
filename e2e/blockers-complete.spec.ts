// The blocker loop, complete: editing in place, a decline that stays in sight, a snooze both sides see, and
// notifications read by opening what they are about — each walked by the author and by the other person.
import { expect, logBlocker, test } from "./fixtures";

test("Alice edits her blocker in place; Bob sees the change live, and the timeline says what changed", async ({ page, baseURL, teammate: alice, bob }) => {
  const id = await logBlocker(page.request, baseURL ?? "", "API spec for payments", [bob.fullName]);
  await bob.page.goto(`/blockers/${id}`);
  await expect(bob.page.getByRole("heading", { level: 1, name: "API spec for payments" })).toBeVisible();
  // Bob is waited on: he answers for his part, he does not rewrite what Alice asked.
  await expect(bob.page.getByRole("button", { name: "Edit" })).toHaveCount(0);

  await page.goto(`/blockers/${id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit blocker" });
  await expect(form.getByLabel("What are you waiting for?")).toBeFocused();
  await form.getByLabel("What are you waiting for?").fill("API spec for refunds");
  await form.getByLabel("Details").fill("The refunds endpoints only.");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();
  await expect(page.getByRole("heading", { level: 1, name: "API spec for refunds" })).toBeVisible();

  // The priority and the due date are chips, changed in place (no Edit mode for them); Bob's are plain.
  await page.getByRole("button", { name: "Priority: Normal. Change it" }).click();
  await page.getByRole("menuitemradio", { name: "Urgent" }).click();
  await expect(page.getByText("Priority set to Urgent.")).toBeVisible();
  await page.getByRole("button", { name: "Add a due date" }).click();
  await page.getByLabel("Needed by").fill("tomorrow 5pm");
  await expect(page.getByText(/^Due /).last()).toBeVisible();
  await page.getByRole("button", { name: "Set due date" }).click();
  await expect(page.getByText(/^Due .*\.$/)).toBeVisible();
  await expect(bob.page.getByRole("button", { name: /^Priority: / })).toHaveCount(0);

  // Bob's page follows without a reload, and the timeline tells him what changed.
  await expect(bob.page.getByRole("heading", { level: 1, name: "API spec for refunds" })).toBeVisible();
  await expect(bob.page.getByText("The refunds endpoints only.")).toBeVisible();
  await expect(bob.page.getByText(`${alice.fullName} edited this blocker`)).toHaveCount(3);
  await expect(bob.page.getByText("Title changed from “API spec for payments” to “API spec for refunds”")).toBeVisible();
  await expect(bob.page.getByText("Priority changed from Normal to Urgent")).toBeVisible();
  await expect(bob.page.getByText(/^Due date set to /)).toBeVisible();
  await expect(bob.page.getByText("Description added")).toBeVisible();

  // Escape leaves the form without saving.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("What are you waiting for?").fill("Something else entirely");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { level: 1, name: "API spec for refunds" })).toBeVisible();
});

test("Bob declines, naming Carol: the blocker stays in Alice's list, marked and uncounted, until she asks Carol from the card", async ({ page, baseURL, bob, carol }) => {
  const title = "Budget sign-off";
  await logBlocker(page.request, baseURL ?? "", title, [bob.fullName]);
  await page.goto("/dashboard");
  const imWaitingOn = page.getByTestId("im-waiting-on-list");
  await expect(imWaitingOn.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByTestId("im-waiting-on")).toHaveText("1");

  await bob.page.goto("/dashboard");
  await bob.page.getByTestId("waiting-on-me-list").getByRole("link", { name: title }).click();
  await bob.page.getByRole("button", { name: "Decline" }).click();
  const dialog = bob.page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Finance signs budgets, ask Carol");
  await dialog.getByLabel("Ask someone else instead").click();
  await bob.page.getByRole("option", { name: /Carol Reyes/ }).click();
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(bob.page.getByText("Declined. The people waiting have been told.")).toBeVisible();

  // Alice's side, live: still listed, with the reason and what to do; the counter no longer counts it.
  const card = imWaitingOn.getByRole("article", { name: title });
  await expect(card.getByText("Bob Stone declined: “Finance signs budgets, ask Carol”")).toBeVisible();
  await expect(card.getByText("They suggest asking Carol Reyes.")).toBeVisible();
  await expect(card.getByText("Nobody is left to wait on, so it is not counted above.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("im-waiting-on")).toHaveText("0");
  // Ask someone else is the row's action; Cancel is in its menu.
  await card.getByRole("button", { name: `More actions: ${title}` }).click();
  await expect(page.getByRole("menuitem", { name: "Cancel blocker…" })).toBeVisible();
  await page.keyboard.press("Escape");

  // One click and Enter: Carol, suggested, is first in the picker.
  await card.getByRole("button", { name: `Ask someone else about “${title}”` }).click();
  await expect(page.getByRole("option", { name: /Carol Reyes.*Suggested/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Added.")).toBeVisible();
  await expect(page.getByTestId("im-waiting-on")).toHaveText("1");
  await expect(card.getByText("Nobody is left to wait on", { exact: false })).toHaveCount(0);
  expect(carol.email).toContain("@");
});

test("Bob snoozes from his row's menu until tomorrow: the row folds into Snoozed, Alice sees until when and cannot nudge; opening it reads his notifications", async ({ page, baseURL, bob }) => {
  const title = "Staging credentials";
  const id = await logBlocker(page.request, baseURL ?? "", title, [bob.fullName]);
  await bob.page.setViewportSize({ width: 1280, height: 800 });
  await bob.page.goto("/dashboard");
  // Alice's page follows live changes once its event stream is subscribed (ready): Bob snoozes after that.
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready");
  await expect(bob.page.getByTestId("notifications-badge")).toHaveText("1");
  const column = bob.page.getByTestId("waiting-on-me-list");
  await column.getByRole("button", { name: `More actions: ${title}` }).click();
  await bob.page.getByRole("menuitem", { name: /^Tomorrow/ }).click();
  await expect(bob.page.getByText(/^Snoozed until /)).toBeVisible();
  // Folded at the end of the column, out of its heading's count; the profile card still counts it, as specified.
  await expect(column.getByRole("article", { name: title })).toHaveCount(0);
  await expect(bob.page.getByRole("heading", { name: "Waiting on me", exact: true })).toBeVisible();
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  await column.getByRole("button", { name: "Snoozed (1)" }).click();
  const row = column.getByRole("article", { name: title });
  await expect(row.getByText(/^Snoozed until /)).toBeVisible();

  // Alice's side, live: folded too, saying who snoozed until when; no nudge offered until then.
  const alicesColumn = page.getByTestId("im-waiting-on-list");
  await alicesColumn.getByRole("button", { name: "Snoozed (1)" }).click();
  const alicesRow = alicesColumn.getByRole("article", { name: title });
  await expect(alicesRow.getByText(/^Bob Stone snoozed until /)).toBeVisible();
  await expect(alicesRow.getByRole("button", { name: "Nudge Bob Stone" })).toHaveAttribute("aria-disabled", "true");

  await row.getByRole("link", { name: title }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/blockers/${id}$`));
  await expect(bob.page.getByTestId("notifications-badge")).toHaveCount(0);
  await bob.page.goto("/notifications");
  await expect(bob.page.getByText(title).first()).toBeVisible();
});

test("the team board groups the team's open blockers by whom they wait on, and keeps its order and filters in the address", async ({ page, baseURL, bob, carol }) => {
  await logBlocker(page.request, baseURL ?? "", "Logo files", [bob.fullName]);
  await logBlocker(page.request, baseURL ?? "", "Contract review", [bob.fullName, carol.fullName]);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard view" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=team$/);
  const board = page.getByTestId("team-board");
  const bobs = board.getByRole("region", { name: /^Bob Stone/ });
  await expect(bobs.getByRole("article")).toHaveCount(2);
  await expect(bobs).toContainText("2");
  await expect(board.getByRole("region", { name: /^Carol Reyes/ }).getByRole("link", { name: "Contract review" })).toBeVisible();

  await page.getByLabel("Order", { exact: true }).selectOption("priority");
  await expect(page).toHaveURL(/sort=priority/);
  await page.getByLabel("Priority", { exact: true }).selectOption("urgent");
  await expect(page).toHaveURL(/priority=urgent/);
  await expect(board.getByText("Nothing open matches")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Order", { exact: true })).toHaveValue("priority");
  await expect(page.getByLabel("Priority", { exact: true })).toHaveValue("urgent");
  await page.getByLabel("Priority", { exact: true }).selectOption("");
  await expect(bobs.getByRole("article")).toHaveCount(2);
});

test("Alice waits on someone outside the team: the picker invites them by e-mail, and the card says whom it waits for", async ({ page, teammate: alice }) => {
  const title = "Vendor contract signed";
  const outsider = `dana.${Date.now()}@partner.example.com`;
  await page.goto("/add");
  await page.getByLabel("What are you waiting for?").fill(title);
  await page.getByLabel("Waiting on", { exact: true }).click();
  await page.getByPlaceholder("Search by name or e-mail…").fill(outsider);
  await page.getByRole("option", { name: `Invite ${outsider} by e-mail` }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("list", { name: "Chosen people" }).getByText(`${outsider} (invited)`)).toBeVisible();
  await page.getByRole("button", { name: "Add blocker" }).click();
  await expect(page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Invitation sent to ${outsider}`)).toBeVisible();
  const people = page.getByRole("complementary", { name: "People" });
  await expect(people.getByText(`${outsider}, invited`)).toBeVisible();
  await expect(people.getByText(alice.fullName)).toBeVisible();

  await page.goto("/dashboard");
  const card = page.getByTestId("im-waiting-on-list").getByRole("article", { name: title });
  await expect(card.getByText(`${outsider}, invited`)).toBeVisible();
  await expect(card.getByText(`Waiting for ${outsider} to join the team`)).toBeVisible();
  await expect(page.getByTestId("im-waiting-on")).toHaveText("0");
});

test("a long column shows 50 cards and the rest on 'Show more', with the whole count in its heading", async ({ page, baseURL, bob }) => {
  const total = 53;
  for (let index = 1; index <= total; index++) await logBlocker(page.request, baseURL ?? "", `Review #${index}`, [bob.fullName]);
  await bob.page.goto("/dashboard");
  const column = bob.page.getByTestId("waiting-on-me-list");
  await expect(bob.page.getByRole("heading", { name: `Waiting on me ${total}` })).toBeVisible();
  await expect(column.getByRole("article")).toHaveCount(50);
  // All of one priority, with no due date: the longest waiting first.
  await expect(column.getByRole("article", { name: "Review #1", exact: true })).toBeVisible();
  await expect(column.getByRole("article", { name: `Review #${total}` })).toHaveCount(0);
  await column.getByRole("button", { name: "Show more" }).click();
  await expect(column.getByRole("article")).toHaveCount(total);
  await expect(column.getByRole("article", { name: `Review #${total}` })).toBeAttached();
  await expect(column.getByRole("button", { name: "Show more" })).toHaveCount(0);
});

test("from the blocker's page, Alice adds Carol to those it waits on with the keyboard: the picker loads on first use", async ({ page, baseURL, bob, carol }) => {
  const id = await logBlocker(page.request, baseURL ?? "", "Launch checklist", [bob.fullName]);
  await page.goto(`/blockers/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Launch checklist" })).toBeVisible();
  await page.getByRole("button", { name: "Add someone this waits on" }).focus();
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "Choose people" });
  await expect(picker.getByRole("combobox")).toBeFocused();
  await page.keyboard.type(carol.fullName.split(" ")[0] ?? "");
  await expect(picker.getByRole("option", { name: new RegExp(carol.fullName) })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Added.")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "People" }).getByText(carol.fullName)).toBeVisible();
});
