// The public API in the browser (issue #14): an API key made in settings logs a blocker from a script (this test),
// and the person waited on sees it arrive live; the key's last use shows, and revoking it stops it. The API reference
// at /docs/api draws the OpenAPI document with Holdup's own components (axe-clean, 375 px), nothing from another
// origin, and its "try it" calls this server with the key typed there.
import { seriousViolations } from "./axe";
import { call, expect, test } from "./fixtures";

type Script = { get: (path: string) => Promise<{ status: number; json: Record<string, unknown> }>; post: (path: string, body: unknown) => Promise<{ status: number; json: Record<string, unknown> }> };

/** A script with the key: plain fetch, no cookies, no Origin. */
function scriptWith(baseURL: string, key: string): Script {
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(new URL(path, baseURL), { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  return { get: (path) => send("GET", path), post: (path, body) => send("POST", path, body) };
}

test("a key made in settings logs a blocker from a script, which Bob sees live; revoked, it stops", async ({ page, baseURL, bob }) => {
  test.slow(); // two people, and axe on the keys in light and dark
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByRole("heading", { name: "Waiting on me" })).toBeVisible();

  await page.goto("/settings/personal");
  const keys = page.getByRole("region", { name: "API keys" });
  await expect(keys.getByText("No API keys in this team yet.")).toBeVisible();
  await keys.getByLabel("Name").fill("Release script");
  await keys.getByLabel("Access").selectOption({ label: "Read and write" });
  await keys.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await keys.getByRole("button", { name: "Create key" }).click();
  await expect(keys.getByText("“Release script” is ready. Copy it now: it will not be shown again.")).toBeVisible();
  const key = (await keys.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^hk_[A-Za-z]{64}$/);
  expect(await seriousViolations(page), "the new key, light").toEqual([]);
  await keys.getByRole("button", { name: "I have saved it" }).click();
  await expect(keys.getByTestId("new-api-key")).toBeHidden();
  const row = keys.getByRole("listitem").filter({ hasText: "Release script" });
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never used");

  const script = scriptWith(baseURL ?? "", key);
  const people = (await script.get("/api/v1/people")).json.people as { id: string; name: string }[];
  const bobId = people.find((person) => person.name === "Bob Stone")?.id;
  const made = await script.post("/api/v1/blockers", { title: "Sign the release notes", blockingProfileIds: [bobId], priority: "high" });
  expect(made.status).toBe(201);
  await expect(bob.page.getByText("Sign the release notes")).toBeVisible();

  await page.reload();
  await expect(row).toContainText("Last used");
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await seriousViolations(page), "the keys, dark").toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await row.getByRole("button", { name: "Revoke the key “Release script”" }).click();
  await expect(page.getByText("“Release script” revoked: it no longer works")).toBeVisible();
  expect((await script.get("/api/v1/me")).status).toBe(401);
});

test("the API reference draws the API from this server alone, accessible, and its try-it calls it", async ({ page, baseURL, teammate }) => {
  test.slow(); // three axe scans of the whole reference (every operation, its tables and examples), and two page loads
  expect(teammate.teamName).toBeTruthy(); // signed in, in a team: the key is theirs
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "") && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  const { key } = (await call(page.request, baseURL ?? "", "post", "/api/api-keys", { name: "Docs", scope: "read", expiresInDays: "7" })) as { key: string };

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Holdup API", level: 1 })).toBeVisible();
  const contents = page.getByRole("navigation", { name: "API reference contents" });
  await expect(contents.getByRole("link", { name: /Log a blocker/ })).toBeVisible();
  const create = page.getByRole("region", { name: "Log a blocker" });
  await expect(create.getByRole("table", { name: /Request body/ })).toContainText("blockingProfileIds");
  expect(await seriousViolations(page), "the reference, light").toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await seriousViolations(page), "the reference, dark").toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });

  const list = page.getByRole("region", { name: "List blockers" });
  await list.getByText("Try it").click();
  await expect(list.getByRole("button", { name: "Send request" })).toBeDisabled();
  await page.getByLabel("Your API key, to try requests").fill(key);
  await list.getByLabel(/^view/).fill("waiting_on_me");
  await list.getByRole("button", { name: "Send request" }).click();
  await expect(list.getByTestId("try-it-status")).toContainText("Answered 200");
  await expect(list.getByTestId("try-it-body")).toContainText('"blockers"');
  expect(await seriousViolations(page), "an answer shown").toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/api-reference-try-it.png", fullPage: false });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/docs/api#op-createBlocker");
  await expect(page.getByRole("heading", { name: "Log a blocker" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "test-results/screenshots/api-reference-375.png", fullPage: false });
  expect(elsewhere).toEqual([]);
});
