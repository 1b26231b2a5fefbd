// The tray's V8 settings (v8-settings.ts), in a Node process of its own as the tray has: a function run a million
// times stays in the interpreter, and a burst of objects that outlive collections leaves the young generation at the
// size it had when they were set. The same work without the settings is the control: compiled, and the young generation grown — so the
// test shows what the settings change, not what V8 happens to do.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const settings = path.join(path.dirname(fileURLToPath(import.meta.url)), "v8-settings.ts");

// `%` calls are V8's own (--allow-natives-syntax), reached through the Function constructor so no parser but V8's sees them.
const PROGRAM = `
if (process.argv[1] === "with") await import(${JSON.stringify(settings)});
const v8 = await import("node:v8");
const youngGeneration = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size / 1048576;
const before = youngGeneration();
function hot(x) { return x * 2 + 1; }
let total = 0;
for (let i = 0; i < 3e6; i++) total += hot(i);
let kept = [];
for (let round = 0; round < 3000; round++) {
  kept.push(Array.from({ length: 200 }, (_, i) => ({ i, label: "item " + i })));
  if (kept.length > 50) kept.shift();
}
const tier = new Function("f", "return %ActiveTierIsIgnition(f) ? 'interpreted' : 'compiled'");
console.log(JSON.stringify({ tier: tier(hot), youngGeneration: { before, after: youngGeneration() }, total }));
`;

function run(mode: "with" | "without") {
  const output = execFileSync(process.execPath, ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", PROGRAM, mode], { encoding: "utf8" });
  return JSON.parse(output) as { tier: string; youngGeneration: { before: number; after: number } };
}

describe("the tray's V8 settings", () => {
  it("keep its code interpreted and its young generation at its first size, where V8 alone compiles and grows it", () => {
    const without = run("without");
    expect(without.tier).toBe("compiled");
    expect(without.youngGeneration.after).toBeGreaterThanOrEqual(2 * without.youngGeneration.before);

    const withSettings = run("with");
    expect(withSettings.tier).toBe("interpreted");
    expect(withSettings.youngGeneration.after).toBe(withSettings.youngGeneration.before);
  });
});
