// Where each suite leaves its files' times, and how Playwright's JSON report is read into the same shape.
import path from "node:path";

export const timingsFolder = path.resolve("test-results/timings");

/** One test file's whole time in one suite. */
export type FileTiming = { suite: string; file: string; seconds: number; tests: number };

type PlaywrightSuite = { file?: string; specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[]; suites?: PlaywrightSuite[] };

/** Playwright's JSON report (its `json` reporter) as one timing per spec file: the sum of its tests' attempts. */
export function playwrightFileTimings(report: { suites?: PlaywrightSuite[] }): FileTiming[] {
  const byFile = new Map<string, FileTiming>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.join("e2e", spec.file ?? suite.file ?? "?");
      const timing = byFile.get(file) ?? { suite: "browser tests", file, seconds: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        timing.tests++;
        for (const result of test.results ?? []) timing.seconds += (result.duration ?? 0) / 1000;
      }
      byFile.set(file, timing);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile.values()];
}
