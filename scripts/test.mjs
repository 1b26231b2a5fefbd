// `npm test`: everything the product's correctness rests on, in the order that fails soonest — the type check beside
// the lint and the build (the type checker waits on one core while the build uses the other), then the server and
// web suites on PGlite, then the browser tests against the build. Each step prints how long it took, and the first
// that fails stops the run with its exit code.
import { spawn } from "node:child_process";

const steps = [
  // Side by side: about 30 s of type checking overlaps 15 s of lint and build.
  [
    ["typecheck", "npm run -s typecheck"],
    ["lint and build", "npm run -s lint && npm run -s build"],
  ],
  [["the server and web suites (PGlite)", "npm run -s test:unit"]],
  [["the browser tests", "npm run -s test:e2e"]],
];

const minutes = (milliseconds) => `${Math.floor(milliseconds / 60_000)} min ${Math.round((milliseconds % 60_000) / 1000)} s`;

function run(name, command) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.on("exit", (code, signal) => {
      const took = performance.now() - started;
      console.log(`--- npm test: ${name} ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${minutes(took)} ---`);
      resolve({ name, code: code ?? 1, took });
    });
  });
}

const started = performance.now();
const timings = [];
for (const group of steps) {
  const results = await Promise.all(group.map(([name, command]) => run(name, command)));
  timings.push(...results);
  const failed = results.find((result) => result.code !== 0);
  if (failed) process.exit(failed.code);
}
console.log(`--- npm test passed in ${minutes(performance.now() - started)}: ${timings.map(({ name, took }) => `${name} ${minutes(took)}`).join("; ")} ---`);
