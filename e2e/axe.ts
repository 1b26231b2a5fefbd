// axe on a page: its serious and critical violations, each with the elements at fault ([] when there are none).
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test } from "./fixtures";

/**
 * Colours still easing from one theme to the other (a button's transition after emulateMedia) would be measured or
 * pictured half-way: let the page see the change (two frames), then wait until no CSS transition is running. Endless
 * animations (spinners, skeletons) are not transitions.
 */
export async function settledColours(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"));
}

export async function seriousViolations(page: Page) {
  await settledColours(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

export type ColorScheme = "light" | "dark";

/**
 * The tests `define` makes, once in each colour scheme (the page emulating it), each set under "axe, light" or
 * "axe, dark". The pages are split over several files by area, so that no file runs over two minutes (docs/testing.md).
 */
export function inEachColorScheme(define: (colorScheme: ColorScheme) => void) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`axe, ${colorScheme}`, () => {
      test.beforeEach(async ({ page }) => page.emulateMedia({ colorScheme }));
      define(colorScheme);
    });
  }
}
