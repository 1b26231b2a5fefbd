// A blocker's pages through axe, in light and dark: its page and edit form, a declined one at 375 px, the team's reminders, an e-mail link's page.
import { expect, logBlocker, test } from "./fixtures";
import { inEachColorScheme, seriousViolations } from "./axe";
import { receivedMail } from "./mailbox";

inEachColorScheme((colorScheme) => {
  test("a blocker's page and its edit form, a declined blocker on the dashboard at 375 px, the personal settings", async ({ page, baseURL, bob }) => {
    const id = await logBlocker(page.request, baseURL ?? "", "Quarterly numbers", [bob.fullName]);
    const declined = await bob.page.request.post(`/api/blockers/${id}/decline`, { data: { reason: "Not mine" }, headers: { origin: baseURL ?? "" } });
    expect(declined.status()).toBe(200);
    await page.goto(`/blockers/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Quarterly numbers" })).toBeVisible();
    expect(await seriousViolations(page), "blocker page").toEqual([]);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("form", { name: "Edit blocker" })).toBeVisible();
    expect(await seriousViolations(page), "editing").toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/dashboard");
    await expect(page.getByText("Nobody is left to wait on", { exact: false })).toBeVisible();
    expect(await seriousViolations(page), "dashboard at 375 px").toEqual([]);
    await page.goto("/settings/personal");
    await expect(page.getByRole("group", { name: "Working days" })).toBeVisible();
    expect(await seriousViolations(page), "personal settings at 375 px").toEqual([]);
  });

  test("the team's reminders (/organization/tools), and an e-mail link's page", async ({ page, baseURL, bob }) => {
    await page.goto("/organization/tools");
    await expect(page.getByLabel("First reminder after", { exact: true })).toHaveValue("24");
    await expect(page.getByRole("heading", { name: "E-mail delivery" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to Slack" })).toBeVisible();
    expect(await seriousViolations(page), "tools").toEqual([]);
    await logBlocker(page.request, baseURL ?? "", "Axe on the e-mail link", [bob.fullName]);
    const mail = await receivedMail(page.request, bob.email, "Axe on the e-mail link");
    await bob.page.emulateMedia({ colorScheme });
    await bob.page.goto(/Mark done: (\S+)/.exec(mail.text)?.[1] ?? "");
    await expect(bob.page.getByRole("button", { name: "Mark done", exact: true })).toBeVisible();
    expect(await seriousViolations(bob.page), "e-mail link").toEqual([]);
  });
});
