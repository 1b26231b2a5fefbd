import { call, expect, logBlocker, makeEmail, STRONG_PASSWORD, test, waitForHydration } from "./fixtures";
import { seriousViolations } from "./axe";
import { receivedMail } from "./mailbox";


for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe, ${colorScheme}`, () => {
    test.beforeEach(async ({ page }) => page.emulateMedia({ colorScheme }));

    test("login and sign-up pages", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: "Sign in to Holdup" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/signup");
      await expect(page.getByRole("heading", { name: "Create your Holdup account" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("onboarding page", async ({ page, newcomer }) => {
      expect(newcomer.email).toContain("@");
      await page.goto("/onboarding");
      await expect(page.getByText("Step 1 of 3")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("public pages: landing (and its demo), blog, a post, privacy and support", async ({ page }) => {
      test.slow(); // five pages through axe, and the landing page's demo
      for (const path of ["/", "/blog", "/blog/ten-real-world-holdup-usage-examples", "/privacy", "/support"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await waitForHydration(page);
        if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("button", { name: /^Got a min to try\?/ }).click();
      await expect(page.getByRole("region", { name: "Holdup demo — made-up data, nothing is saved" })).toBeVisible();
      expect(await seriousViolations(page), "/ with the demo open").toEqual([]);
    });

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
      await expect(page.getByText("No payment provider is set up on this Holdup")).toBeVisible();
      await expect(page.getByRole("button", { name: /Upgrade to Plus/ })).toHaveCount(0);
      expect(await seriousViolations(page), "billing").toEqual([]);
      expect(teammate.email).toContain("@");
    });

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
      await expect(bob.page.getByRole("button", { name: "Mark my part done" })).toBeVisible();
      expect(await seriousViolations(bob.page), "e-mail link").toEqual([]);
    });

    test("personal settings: the sessions list, the two-factor set-up with its QR code, and deleting the account", async ({ page, teammate }) => {
      await page.goto("/settings/personal");
      await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
      expect(await seriousViolations(page), "personal settings").toEqual([]);
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await page.getByRole("dialog").getByLabel("Current password").fill(STRONG_PASSWORD);
      await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
      expect(await seriousViolations(page), "two-factor set-up").toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Delete account…" }).click();
      await expect(page.getByRole("dialog").getByLabel(`Type ${teammate.email} to confirm`)).toBeVisible();
      expect(await seriousViolations(page), "deleting the account").toEqual([]);
    });
  });
}
