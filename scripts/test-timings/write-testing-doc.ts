// `npm run test:timings`: after the suites ran (npm test, test:postgres, test:tray), lists the ten slowest test
// files across them and writes the list into docs/testing.md, between its generated markers. A file over the
// two-minute bound is named on the console; the gate does not fail on a time (issue #25): the list is how it is seen.
import fs from "node:fs";
import path from "node:path";
import { playwrightFileTimings, timingsFolder, type FileTiming } from "./timings.ts";
import { replaceSection } from "../../bench/doc-sections.ts";

const FILE_BOUND_SECONDS = 120;
const doc = path.resolve("docs/testing.md");

const timings: FileTiming[] = [];
for (const name of fs.existsSync(timingsFolder) ? fs.readdirSync(timingsFolder) : []) {
  const content = JSON.parse(fs.readFileSync(path.join(timingsFolder, name), "utf8"));
  timings.push(...(name === "e2e.json" ? playwrightFileTimings(content) : (content as FileTiming[])));
}
if (timings.length === 0) {
  console.error(`No test timings in ${path.relative(process.cwd(), timingsFolder)}: run the suites first (npm test).`);
  process.exit(1);
}
const slowest = timings.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
const suites = [...new Set(timings.map((timing) => timing.suite))].sort();
const table = [
  `${new Date().toISOString().slice(0, 10)}, ${timings.length} files in ${suites.length} suites (${suites.join(", ")}):`,
  "",
  "| test file | suite | tests | seconds |",
  "|---|---|---|---|",
  ...slowest.map((timing) => `| \`${timing.file}\` | ${timing.suite} | ${timing.tests} | ${timing.seconds.toFixed(1)} |`),
].join("\n");
fs.writeFileSync(doc, replaceSection(fs.readFileSync(doc, "utf8"), "slowest-test-files", table));
console.log(table);
for (const timing of timings.filter((each) => each.seconds > FILE_BOUND_SECONDS)) {
  console.log(`Over the ${FILE_BOUND_SECONDS} s a file may take: ${timing.file} (${timing.suite}), ${timing.seconds.toFixed(0)} s — split it, or find what it waits for.`);
}
