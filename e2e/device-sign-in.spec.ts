// Signing in Holdup's tray at /device (issue #15, decision 042). The test plays the tray: plain fetch, no cookies,
// no Origin — it asks for a code and opens the page the tray would open; the person checks the code, sees what the
// tray will be able to do, and approves; the tray's next poll gets its token, which reads the public API. The tray is
// then in the sessions list under its own name, and signing it out there stops it at once. A wrong code and a denial
// say so plainly. axe finds nothing in light or dark, and the page fits 375 px.
import { seriousViolations } from "./axe";
import { expect, STRONG_PASSWORD, test } from "./fixtures";

const GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";
type Code = { device_code: string; user_code: string; verification_uri_complete: string };

/** The tray's side of the grant, as it speaks to the server. */
function tray(baseURL: string) {
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(new URL(path, baseURL), { method: "POST", headers: { "content-type": "application/json", "user-agent": "HoldupTray/0.1 (X11; Linux x86_64)" }, body: JSON.stringify(body) });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  return {
    askForCode: async () => (await post("/api/auth/device/code", { client_id: "holdup-tray" })).json as Code,
    poll: (code: Code) => post("/api/auth/device/token", { grant_type: GRANT_TYPE, device_code: code.device_code, client_id: "holdup-tray" }),
    me: async (token: string) => {
      const answer = await fetch(new URL("/api/v1/me", baseURL), { headers: { authorization: `Bearer ${token}` } });
      return { status: answer.status, json: (await answer.json()) as { person?: { email: string } } };
    },
  };
}

test("the tray's code approved at /device signs it in; it is listed as the tray, and signing it out there stops it; axe light and dark, 375 px", async ({ page, baseURL, teammate }) => {
  const device = tray(baseURL ?? "");
  const code = await device.askForCode();
  await page.goto(code.verification_uri_complete);
  await expect(page.getByRole("heading", { name: "Sign in a device" })).toBeVisible();
  await expect(page.getByText("Holdup tray wants to sign in to your Holdup account.")).toBeVisible();
  await expect(page.getByTestId("user-code")).toHaveText(`${code.user_code.slice(0, 4)}-${code.user_code.slice(4)}`);
  await expect(page.getByText("not change your settings, your team or your account.", { exact: false })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), `the approval, ${colorScheme}`).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Holdup tray is signed in. You can close this tab.")).toBeVisible();
  const signedIn = await device.poll(code);
  expect(signedIn.status).toBe(200);
  const token = String(signedIn.json.access_token);
  // The tray acts as the person who approved it.
  expect(await device.me(token)).toMatchObject({ status: 200, json: { person: { email: teammate.email } } });

  await page.goto("/settings/personal");
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  const trayRow = devices.getByRole("listitem").filter({ hasText: "Holdup tray on Linux" });
  await expect(trayRow).toBeVisible();
  await trayRow.getByRole("button", { name: /^Sign out / }).click();
  await expect(page.getByText("Holdup tray on Linux is signed out.")).toBeVisible();
  await expect.poll(async () => (await device.me(token)).status).toBe(401);
});

test("signed out, the tray's link asks to sign in and comes back to the code; a wrong code says so; a denied tray is told no", async ({ browser, baseURL, teammate }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/device?user_code=ZZZZ-ZZZZ");
  await page.getByLabel("E-mail").fill(teammate.email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/device\?user_code=ZZZZ-ZZZZ$/);
  await expect(page.getByRole("alert")).toHaveText("This code is not valid. Check it against the one your device shows.");
  const device = tray(baseURL ?? "");
  const code = await device.askForCode();
  await page.getByLabel("Code").fill(code.user_code.toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Holdup tray wants to sign in to your Holdup account.")).toBeVisible();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("You said no: Holdup tray is not signed in.")).toBeVisible();
  expect((await device.poll(code)).json).toMatchObject({ error: "access_denied" });
  await context.close();
});
