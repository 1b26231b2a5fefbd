// axe on a page: its serious and critical violations, each with the elements at fault ([] when there are none).
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
