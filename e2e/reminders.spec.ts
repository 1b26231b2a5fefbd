// Reminders as people use them: their own settings (working hours, which e-mails, away until), the team's schedule
// changed by an admin and read by a member, and a blocking person snoozing from the e-mail they received.
import { call, expect, test } from "./fixtures";
import { linkIn, receivedMail } from "./mailbox";

test("a person sets their working hours, stops e-mails about comments and goes away until a date; teammates see it", async ({ page, bob, baseURL }) => {
  await page.goto("/settings/personal");
  await expect(page.getByLabel("Full name")).toHaveValue("Riley Jordan");
  await page.getByLabel("From").fill("10:00");
  await page.getByRole("region", { name: "About you" }).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  const commentsByEmail = page.getByRole("checkbox", { name: "E-mail: Someone comments on a blocker I am on" });
  await expect(commentsByEmail).toBeChecked();
  await commentsByEmail.uncheck();
  await expect(page.getByRole("checkbox", { name: "In the app: Someone comments on a blocker I am on" })).toBeDisabled();
  await page.locator("form", { has: commentsByEmail }).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Notification settings saved.")).toBeVisible();

  const lastDay = new Date(Date.now() + 7 * 86_400_000);
  const awayUntil = `${lastDay.getFullYear()}-${String(lastDay.getMonth() + 1).padStart(2, "0")}-${String(lastDay.getDate()).padStart(2, "0")}`;
  await page.getByLabel("Away until (the last day away)").fill(awayUntil);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your reminders wait until you are back.")).toBeVisible();
  const shown = `Away until ${lastDay.getDate()} ${new Intl.DateTimeFormat("en", { month: "short" }).format(lastDay)}`;
  await expect(page.getByText(shown).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "E-mail: Someone comments on a blocker I am on" })).not.toBeChecked();
  await expect(page.getByLabel("From")).toHaveValue("10:00");

  // Bob, picking people for a blocker, sees Riley away.
  await bob.page.goto("/add");
  await bob.page.getByLabel("Waiting on", { exact: true }).click();
  await expect(bob.page.getByRole("option", { name: /Riley Jordan/ })).toContainText(shown);
  expect(baseURL).toBeTruthy();
});

test("an admin changes the team's schedule; a member reads it; a bad value is refused naming the field", async ({ page, bob }) => {
  await page.goto("/organization/tools");
  await expect(page.getByRole("heading", { name: "Reminders" })).toBeVisible();
  await page.getByLabel("First reminder after", { exact: true }).fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("First reminder: at least 1 hour")).toBeVisible();
  await page.getByLabel("First reminder after", { exact: true }).fill("8");
  await page.getByLabel("Pause automatic reminders for the whole team").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Reminder schedule saved: every open blocker follows it now.")).toBeVisible();
  await expect(page.getByText("Paused", { exact: true })).toBeVisible();

  await bob.page.goto("/organization/integrations");
  await expect(bob.page.getByText("Only the team's owners and admins change the schedule.")).toBeVisible();
  await expect(bob.page.getByLabel("First reminder after", { exact: true })).toHaveValue("8");
  await expect(bob.page.getByLabel("First reminder after", { exact: true })).toBeDisabled();
  await expect(bob.page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
});

test("the person waited on snoozes from the e-mail they received, without signing in; the blocker page shows the next reminder", async ({ page, baseURL, bob, browser }) => {
  // Bob works every hour of every day, and the blocker is urgent (4 working hours): the snooze always moves it.
  const always = { days: [1, 2, 3, 4, 5, 6, 7], start: "00:00", end: "23:59" };
  const bobsRequest = bob.page.request;
  expect((await bobsRequest.patch("/api/profile", { data: { workingHours: always }, headers: { origin: baseURL ?? "" } })).ok()).toBe(true);
  const people = (await call(page.request, baseURL ?? "", "get", "/api/people")) as unknown as { id: string; fullName: string }[];
  const bobId = people.find((person) => person.fullName === bob.fullName)?.id ?? "";
  const { id } = (await call(page.request, baseURL ?? "", "post", "/api/blockers", { title: "Signed copy of the MSA", blockingProfileIds: [bobId], priority: "urgent" })) as { id: string };
  await page.goto(`/blockers/${id}`);
  await expect(page.getByTestId("next-reminder")).toContainText("Next reminder");
  const before = await page.getByTestId("next-reminder").textContent();

  const mail = await receivedMail(page.request, bob.email, "Signed copy of the MSA");
  const snoozeLink = /Snooze until tomorrow: (\S+)/.exec(mail.text)?.[1] ?? "";
  expect(snoozeLink).toContain("/e/");
  expect(linkIn(mail)).toBeTruthy();
  // In a browser that is not signed in, as from a phone's mail app.
  const phone = await browser.newContext();
  const inbox = await phone.newPage();
  await inbox.goto(snoozeLink);
  await expect(inbox.getByRole("heading", { name: "Snooze until tomorrow" })).toBeVisible();
  await expect(inbox.getByText("“Signed copy of the MSA”")).toBeVisible();
  await inbox.getByRole("button", { name: "Snooze until tomorrow" }).click();
  await expect(inbox.getByTestId("email-link-outcome")).toContainText("Snoozed until");
  await inbox.reload();
  await expect(inbox.getByTestId("email-link-outcome")).toContainText("Snoozed until");
  await phone.close();

  // Live on Riley's open page: Bob's part is snoozed, and the next reminder moved.
  await expect(page.getByText(/Snoozed until/).first()).toBeVisible();
  await expect(page.getByTestId("next-reminder")).not.toHaveText(before ?? "");
  const blocker = await call(page.request, baseURL ?? "", "get", `/api/blockers/${id}`);
  const part = (blocker.blocking as { snoozedUntil: string; nextReminderAt: string }[])[0];
  expect(new Date(part?.nextReminderAt ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(part?.snoozedUntil ?? 0).getTime());
});

test("the person waited on declines from the e-mail, saying why on the link's page; the author sees it live", async ({ page, baseURL, bob, browser }) => {
  const people = (await call(page.request, baseURL ?? "", "get", "/api/people")) as unknown as { id: string; fullName: string }[];
  const bobId = people.find((person) => person.fullName === bob.fullName)?.id ?? "";
  const { id } = (await call(page.request, baseURL ?? "", "post", "/api/blockers", { title: "Refunds API review", blockingProfileIds: [bobId], priority: "high" })) as { id: string };
  await page.goto(`/blockers/${id}`);
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready");

  const mail = await receivedMail(page.request, bob.email, "Refunds API review");
  expect(mail.text).toContain("High priority · waiting");
  const declineLink = /Decline: (\S+)/.exec(mail.text)?.[1] ?? "";
  const phone = await browser.newContext();
  const inbox = await phone.newPage();
  await inbox.goto(declineLink);
  await expect(inbox.getByRole("heading", { name: "Decline: it is not yours" })).toBeVisible();
  await inbox.getByRole("button", { name: "Decline" }).click();
  await expect(inbox.getByText("Say why, so they know where to go next")).toBeVisible();
  await inbox.getByLabel("Why is it not yours?").fill("Payments owns refunds: ask Dana");
  await inbox.getByRole("button", { name: "Decline" }).click();
  await expect(inbox.getByTestId("email-link-outcome")).toContainText("You declined it: “Payments owns refunds: ask Dana”");
  await phone.close();

  await expect(page.getByText("Payments owns refunds: ask Dana").first()).toBeVisible();
});
