// Holdup from the keyboard alone (no mouse in these tests): the command palette and the shortcuts.
import { expect, logBlocker, test } from "./fixtures";

test("search from anywhere: Ctrl+K or /, results as you type, Enter opens; pages and people too", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "Payments API spec", [bob.fullName]);
  await logBlocker(page.request, baseURL ?? "", "Design review", [bob.fullName]);
  const keyboard = bob.page.keyboard;
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("2");

  await keyboard.press("/");
  const palette = bob.page.getByRole("dialog", { name: "Search Holdup" });
  await expect(palette).toBeVisible();
  await keyboard.type("paym");
  await expect(palette.getByRole("option", { name: /Payments API spec/ })).toBeVisible();
  await expect(palette.getByRole("option", { name: /Design review/ })).toHaveCount(0);
  await expect(palette.getByRole("option", { name: /Payments API spec/ })).toHaveAttribute("aria-selected", "true");
  await keyboard.press("Enter");
  await expect(bob.page).toHaveURL(/\/blockers\/[0-9a-f-]{36}$/);
  await expect(bob.page.getByRole("heading", { level: 1, name: "Payments API spec" })).toBeVisible();

  // Ctrl+K works even from a field; an action and a person are found by name.
  await bob.page.getByRole("textbox", { name: "Add a comment" }).focus();
  await keyboard.press("Control+k");
  await expect(palette).toBeVisible();
  await keyboard.type("resolved");
  // Enter opens the highlighted option: wait until it is the one the person sees highlighted (a gate run pressed Enter
  // while the list was still being redrawn as the search's answer came, and nothing was highlighted yet).
  await expect(palette.getByRole("option", { name: "Go to Resolved Blockers" })).toHaveAttribute("aria-selected", "true");
  await keyboard.press("Enter");
  await expect(bob.page).toHaveURL(/\/resolved$/);
  await expect(bob.page.getByRole("heading", { level: 1, name: "Resolved Blockers" })).toBeVisible();
  await keyboard.press("Control+k");
  await keyboard.type("riley");
  await expect(palette.getByRole("option", { name: /Riley Jordan/ })).toBeVisible();
  await keyboard.press("Escape");
  await expect(palette).toBeHidden();
});

test("shortcuts: j/k move through the list, Enter opens, d answers, s opens the snooze choices, g then d goes home, ? lists them, never while typing", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "First thing", [bob.fullName]);
  await logBlocker(page.request, baseURL ?? "", "Second thing", [bob.fullName]);
  const keyboard = bob.page.keyboard;
  const announced = bob.page.getByTestId("shortcut-announcement");
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("2");

  // Nothing chosen yet: "d" says how to choose.
  await keyboard.press("d");
  await expect(announced).toHaveText("Move to a blocker first, with j or k.");

  // Of one priority, the longest waiting first.
  await keyboard.press("j");
  await expect(bob.page.getByRole("link", { name: "First thing" })).toBeFocused();
  await keyboard.press("j");
  await expect(bob.page.getByRole("link", { name: "Second thing" })).toBeFocused();
  await keyboard.press("k");
  await expect(bob.page.getByRole("link", { name: "First thing" })).toBeFocused();
  // s opens the row's menu on its snooze choices; Enter takes the first.
  await keyboard.press("s");
  await expect(bob.page.getByRole("menu")).toBeVisible();
  await keyboard.press("Enter");
  await expect(bob.page.getByText(/^Snoozed until /).first()).toBeVisible();
  const folded = bob.page.getByRole("button", { name: "Snoozed (1)" });
  await expect(folded).toBeVisible();
  await keyboard.press("j");
  await expect(bob.page.getByRole("link", { name: "Second thing" })).toBeFocused();
  await keyboard.press("d");
  await expect(bob.page.getByText("Marked done. Everyone is done, so the blocker is resolved.")).toBeVisible();
  // The profile card counts pending parts, as specified: the snoozed one still is.
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");

  await folded.focus();
  await keyboard.press("Enter");
  await keyboard.press("j");
  await expect(bob.page.getByRole("link", { name: "First thing" })).toBeFocused();
  await keyboard.press("Enter");
  await expect(bob.page.getByRole("heading", { level: 1, name: "First thing" })).toBeVisible();
  await keyboard.press("s");
  await expect(bob.page.getByRole("menu")).toBeVisible();
  await keyboard.press("Escape");

  await keyboard.press("g");
  await keyboard.press("d");
  await expect(bob.page).toHaveURL(/\/dashboard$/);
  await expect(announced).toHaveText("Going to Home");

  await keyboard.press("?");
  const list = bob.page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(list.getByText("Mark my part done")).toBeVisible();
  await keyboard.press("Escape");

  // c opens quick capture over the page, its title in focus; keys typed there are the title's, not shortcuts.
  await keyboard.press("c");
  const capture = bob.page.getByRole("dialog", { name: "Add a blocker" });
  const title = capture.getByLabel("What are you waiting for?");
  await expect(title).toBeFocused();
  await keyboard.type("g d c j /");
  await expect(title).toHaveValue("g d c j /");
  await expect(bob.page).toHaveURL(/\/dashboard$/);
  await keyboard.press("Escape");
  await expect(capture).toBeHidden();
});

test("keys typed before search has loaded are kept: Ctrl+K and a word at once, on a page just opened", async ({ page, baseURL, bob }) => {
  await logBlocker(page.request, baseURL ?? "", "Payments API spec", [bob.fullName]);
  // The palette's code is held back until the keys are typed, as on a slow connection.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await bob.page.route(/command-palette-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await bob.page.goto("/dashboard");
  await expect(bob.page.getByTestId("waiting-on-me")).toHaveText("1");
  await bob.page.keyboard.press("Control+k");
  await bob.page.keyboard.type("paym");
  release();
  const palette = bob.page.getByRole("dialog", { name: "Search Holdup" });
  await expect(palette.getByRole("combobox")).toHaveValue("paym");
  await expect(palette.getByRole("option", { name: /Payments API spec/ })).toBeVisible();
  // Typed into the palette, not taken as shortcuts: nothing else opened or moved.
  await expect(bob.page).toHaveURL(/\/dashboard$/);
});
