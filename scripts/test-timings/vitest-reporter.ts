// A vitest reporter that keeps each test file's whole time — its environment, the import of its modules (a server
// file starts its server there), its hooks and its tests — for `npm run test:timings` (docs/testing.md). Vitest's own
// JSON report counts the tests alone, which hid most of a server file's minute.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { timingsFolder, type FileTiming } from "./timings.ts";

export default class TimingsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (testModules.length === 0) return;
    const projects = [...new Set(testModules.map((module) => module.project.name))].sort();
    // The server suite runs twice, on PGlite and on PostgreSQL: each run keeps its own file.
    const suite = `${projects.join("+")}${process.env.TEST_DATABASE_URL ? " on PostgreSQL" : ""}`;
    const files: FileTiming[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const milliseconds = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      return { suite, file: path.relative(process.cwd(), module.moduleId), seconds: milliseconds / 1000, tests: [...module.children.allTests()].length };
    });
    fs.mkdirSync(timingsFolder, { recursive: true });
    fs.writeFileSync(path.join(timingsFolder, `vitest ${suite}.json`), JSON.stringify(files, null, 1));
  }
}
